/**
 * Whether a US state's sales tax reaches an online course (a pre-recorded video course sold by
 * a remote seller: a "specified digital product", "digital good" or taxable service, depending
 * on the state). Only the states marked `taxed` are imported from the ZIP rates file; a ZIP in
 * any other state is sold without sales tax. Reviewed 2026-11-26 against each revenue
 * department's guidance on digital products and remote sellers.
 */
export interface UsStateTaxability {
  taxed: boolean;
  /** Why, and the published source. */
  source: string;
}

const taxed = (authority: string, rule: string): UsStateTaxability => ({
  taxed: true,
  source: `${authority}: ${rule}`,
});
const untaxed = (
  authority: string,
  rule = 'digitally delivered courses are not taxable',
): UsStateTaxability => ({
  taxed: false,
  source: `${authority}: ${rule}`,
});

export const US_STATE_TAXABILITY: Readonly<Record<string, UsStateTaxability>> = {
  AL: taxed(
    'Alabama Department of Revenue',
    'digital transfers of tangible personal property (Rule 810-6-1-.37)',
  ),
  AK: untaxed('Alaska', 'no state sales tax (local remote-seller taxes through the ARSSTC are not included)'),
  AZ: taxed('Arizona Department of Revenue', 'transaction privilege tax on digital goods'),
  AR: untaxed('Arkansas Department of Finance and Administration'),
  CA: untaxed('California Department of Tax and Fee Administration'),
  CO: untaxed(
    'Colorado Department of Revenue',
    'state tax does not reach digital courses (home-rule city taxes not included)',
  ),
  CT: taxed('Connecticut Department of Revenue Services', 'digital goods (Conn. Gen. Stat. §12-407(a)(13))'),
  DE: untaxed('Delaware', 'no sales tax'),
  DC: taxed('District of Columbia Office of Tax and Revenue', 'digital goods (D.C. Code §47-2001(n)(1)(N))'),
  FL: untaxed('Florida Department of Revenue'),
  GA: untaxed('Georgia Department of Revenue'),
  HI: taxed('Hawaii Department of Taxation', 'general excise tax on services and intangibles'),
  ID: untaxed('Idaho State Tax Commission'),
  IL: untaxed('Illinois Department of Revenue'),
  IN: taxed('Indiana Department of Revenue', 'specified digital products (IC 6-2.5-4-16.4)'),
  IA: taxed('Iowa Department of Revenue', 'specified digital products (Iowa Code §423.2(9))'),
  KS: untaxed('Kansas Department of Revenue'),
  KY: taxed('Kentucky Department of Revenue', 'digital property (KRS 139.010)'),
  LA: taxed('Louisiana Department of Revenue', 'digital products (Act 11 of 2024)'),
  ME: taxed('Maine Revenue Services', 'digital products (36 M.R.S. §1752)'),
  MD: untaxed('Comptroller of Maryland', 'digital products tax does not reach educational courses'),
  MA: untaxed('Massachusetts Department of Revenue'),
  MI: untaxed('Michigan Department of Treasury'),
  MN: untaxed('Minnesota Department of Revenue'),
  MS: taxed('Mississippi Department of Revenue', 'digital products (Miss. Code §27-65-26)'),
  MO: untaxed('Missouri Department of Revenue'),
  MT: untaxed('Montana', 'no sales tax'),
  NE: taxed('Nebraska Department of Revenue', 'digital products (Neb. Rev. Stat. §77-2701.16)'),
  NV: untaxed('Nevada Department of Taxation'),
  NH: untaxed('New Hampshire', 'no sales tax'),
  NJ: taxed('New Jersey Division of Taxation', 'specified digital products (N.J.S.A. 54:32B-3)'),
  NM: taxed('New Mexico Taxation and Revenue Department', 'gross receipts tax on services and digital goods'),
  NY: untaxed('New York State Department of Taxation and Finance'),
  NC: untaxed('North Carolina Department of Revenue'),
  ND: untaxed('North Dakota Office of State Tax Commissioner'),
  OH: taxed('Ohio Department of Taxation', 'specified digital products (R.C. 5739.01(B)(12))'),
  OK: untaxed('Oklahoma Tax Commission'),
  OR: untaxed('Oregon', 'no sales tax'),
  PA: taxed('Pennsylvania Department of Revenue', 'digital products (Act 84 of 2016)'),
  RI: untaxed('Rhode Island Division of Taxation'),
  SC: untaxed('South Carolina Department of Revenue'),
  SD: taxed('South Dakota Department of Revenue', 'products transferred electronically (SDCL 10-45-2.4)'),
  TN: taxed('Tennessee Department of Revenue', 'specified digital products (Tenn. Code §67-6-233)'),
  TX: taxed('Texas Comptroller of Public Accounts', 'data processing and information services'),
  UT: taxed('Utah State Tax Commission', 'products transferred electronically (Utah Code §59-12-103)'),
  VT: untaxed('Vermont Department of Taxes'),
  VA: untaxed('Virginia Department of Taxation'),
  WA: taxed(
    'Washington Department of Revenue',
    'digital products and digital automated services (RCW 82.04.192)',
  ),
  WV: taxed('West Virginia Tax Division', 'specified digital products'),
  WI: taxed('Wisconsin Department of Revenue', 'digital goods (Wis. Stat. §77.52(1)(d))'),
  WY: taxed('Wyoming Department of Revenue', 'admissions and digital products'),
  // Territories and military addresses have ZIP codes but no state sales tax.
  PR: untaxed('Puerto Rico', 'not a state; no state sales tax'),
  VI: untaxed('U.S. Virgin Islands', 'not a state; no state sales tax'),
  GU: untaxed('Guam', 'not a state; no state sales tax'),
  AA: untaxed('Military address (AA)', 'no state sales tax'),
  AE: untaxed('Military address (AE)', 'no state sales tax'),
  AP: untaxed('Military address (AP)', 'no state sales tax'),
};
