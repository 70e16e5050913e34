import type { SalesContactField } from '@lectern/domain';

/** The sales links as the staff page names and explains them, in the order it shows them. */
export const SALES_CONTACT_FIELDS: readonly {
  name: SalesContactField;
  label: string;
  description: string;
}[] = [
  {
    name: 'sales_email',
    label: 'Sales e-mail address',
    description: 'Shown to organization admins who want fewer licenses.',
  },
  {
    name: 'request_demo_url',
    label: '“Request a demo” link',
    description:
      'Where a Team Plan buyer goes where online purchase is not available (ref=indupgrade is added).',
  },
  {
    name: 'enterprise_upgrade_url',
    label: '“Upgrade to enterprise” link',
    description: 'Where organizations go for more than 20 licenses (utm parameters are added).',
  },
  {
    name: 'compare_plans_url',
    label: '“Compare plans” link',
    description: 'Next to “Upgrade to enterprise” on the organization’s subscription page.',
  },
];
