/**
 * What a browser shows for `/sitemap.xml` (issue 34): the sitemaps name this XSLT stylesheet in
 * an `xml-stylesheet` instruction, and the browser turns them into a page with a table of the
 * addresses. Crawlers ignore the instruction.
 *
 * The page it makes has no inline style or script: the CSP of the sitemap answer (which the
 * browser keeps for the page it makes) allows stylesheets and the XSLT itself only from our
 * origin ('self' in style-src and script-src), so the look comes from `/sitemap.css`. Both are
 * given as paths of this origin: a browser applies no stylesheet from another one.
 */

export const SITEMAP_STYLESHEET_PATH = '/sitemap.xsl';
export const SITEMAP_CSS_PATH = '/sitemap.css';

/** The processing instruction each sitemap starts with, after the XML declaration. */
export const SITEMAP_STYLESHEET_INSTRUCTION = `<?xml-stylesheet type="text/xsl" href="${SITEMAP_STYLESHEET_PATH}"?>\n`;

const xmlText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The XSLT 1.0 stylesheet (the version browsers run) for a urlset or a sitemap index: each
 * address with its last change and, where a page names them (`xhtml:link rel="alternate"`), its
 * other languages.
 */
export function sitemapStylesheet(brandName: string): string {
  const brand = xmlText(brandName);
  return `<?xml version="1.0" encoding="UTF-8"?>
<xsl:stylesheet version="1.0"
  xmlns:xsl="http://www.w3.org/1999/XSL/Transform"
  xmlns:sm="http://www.sitemaps.org/schemas/sitemap/0.9"
  xmlns:xhtml="http://www.w3.org/1999/xhtml"
  exclude-result-prefixes="sm xhtml">
  <xsl:output method="html" encoding="UTF-8" indent="yes" doctype-system="about:legacy-compat"/>

  <xsl:template match="/">
    <html lang="en">
      <head>
        <meta name="viewport" content="width=device-width, initial-scale=1"/>
        <title>${brand} sitemap</title>
        <link rel="stylesheet" href="${SITEMAP_CSS_PATH}"/>
      </head>
      <body>
        <header class="bar">
          <a class="brand" href="/">${brand}</a>
        </header>
        <main>
          <xsl:apply-templates select="sm:urlset | sm:sitemapindex"/>
        </main>
      </body>
    </html>
  </xsl:template>

  <xsl:template match="sm:urlset">
    <xsl:variable name="languages" select="count(sm:url/xhtml:link[@rel = 'alternate']) &gt; 0"/>
    <h1>Sitemap</h1>
    <p class="lead">
      The public pages of ${brand} that search engines are given:
      <strong><xsl:value-of select="count(sm:url)"/></strong> addresses.
    </p>
    <div class="frame">
      <table>
        <thead>
          <tr>
            <th scope="col" class="number">#</th>
            <th scope="col">Address</th>
            <xsl:if test="$languages">
              <th scope="col">Languages</th>
            </xsl:if>
            <th scope="col">Last modified</th>
          </tr>
        </thead>
        <tbody>
          <xsl:for-each select="sm:url">
            <tr>
              <td class="number"><xsl:value-of select="position()"/></td>
              <td class="address"><a href="{sm:loc}"><xsl:value-of select="sm:loc"/></a></td>
              <xsl:if test="$languages">
                <td class="languages">
                  <xsl:for-each select="xhtml:link[@rel = 'alternate']">
                    <a href="{@href}" hreflang="{@hreflang}" title="{@href}"><xsl:value-of select="@hreflang"/></a>
                    <xsl:if test="position() != last()"><xsl:text> </xsl:text></xsl:if>
                  </xsl:for-each>
                </td>
              </xsl:if>
              <td class="date"><xsl:call-template name="date"><xsl:with-param name="value" select="sm:lastmod"/></xsl:call-template></td>
            </tr>
          </xsl:for-each>
        </tbody>
      </table>
    </div>
  </xsl:template>

  <xsl:template match="sm:sitemapindex">
    <h1>Sitemap index</h1>
    <p class="lead">
      The public pages of ${brand} are listed in
      <strong><xsl:value-of select="count(sm:sitemap)"/></strong> parts.
    </p>
    <div class="frame">
      <table>
        <thead>
          <tr>
            <th scope="col" class="number">#</th>
            <th scope="col">Part</th>
            <th scope="col">Last modified</th>
          </tr>
        </thead>
        <tbody>
          <xsl:for-each select="sm:sitemap">
            <tr>
              <td class="number"><xsl:value-of select="position()"/></td>
              <td class="address"><a href="{sm:loc}"><xsl:value-of select="sm:loc"/></a></td>
              <td class="date"><xsl:call-template name="date"><xsl:with-param name="value" select="sm:lastmod"/></xsl:call-template></td>
            </tr>
          </xsl:for-each>
        </tbody>
      </table>
    </div>
  </xsl:template>

  <!-- 2026-11-29T02:58:26Z as 2026-11-29 02:58 UTC; no date: a dash. -->
  <xsl:template name="date">
    <xsl:param name="value"/>
    <xsl:choose>
      <xsl:when test="string-length($value) &gt;= 16 and substring($value, string-length($value)) = 'Z'">
        <time datetime="{$value}"><xsl:value-of select="concat(substring($value, 1, 10), ' ', substring($value, 12, 5), ' UTC')"/></time>
      </xsl:when>
      <xsl:when test="string-length($value) &gt; 0">
        <time datetime="{$value}"><xsl:value-of select="$value"/></time>
      </xsl:when>
      <xsl:otherwise><span class="none" aria-label="Not known">–</span></xsl:otherwise>
    </xsl:choose>
  </xsl:template>
</xsl:stylesheet>
`;
}

/** The page's look: the web app's (system fonts, Mantine's blue 8 and grays), in one file of our origin. */
export const SITEMAP_CSS = `:root {
  color-scheme: light;
  --blue: #1971c2;
  --text: #212529;
  --dimmed: #495057;
  --border: #dee2e6;
  --stripe: #f8f9fa;
}
* { box-sizing: border-box; }
body {
  margin: 0;
  font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif;
  font-size: 16px;
  line-height: 1.55;
  color: var(--text);
  background: #fff;
}
a { color: var(--blue); text-decoration: none; }
a:hover, a:focus-visible { text-decoration: underline; }
.bar { border-bottom: 1px solid var(--border); padding: 12px 24px; }
.brand { font-weight: 700; font-size: 20px; color: var(--text); }
main { max-width: 1100px; margin: 0 auto; padding: 32px 24px 48px; }
h1 { font-size: 28px; line-height: 1.3; margin: 0 0 8px; }
.lead { color: var(--dimmed); margin: 0 0 24px; }
.frame { border: 1px solid var(--border); border-radius: 8px; overflow-x: auto; }
table { width: 100%; border-collapse: collapse; font-size: 14px; }
th, td { padding: 8px 12px; text-align: left; vertical-align: top; border-bottom: 1px solid var(--border); }
thead th { background: var(--stripe); font-weight: 600; white-space: nowrap; }
tbody tr:last-child td { border-bottom: 0; }
tbody tr:nth-child(even) td { background: var(--stripe); }
.number { width: 1%; color: var(--dimmed); text-align: right; font-variant-numeric: tabular-nums; }
.address { word-break: break-all; }
.languages a { display: inline-block; margin-right: 4px; }
.date { white-space: nowrap; color: var(--dimmed); font-variant-numeric: tabular-nums; }
.none { color: var(--dimmed); }
@media (max-width: 600px) {
  main { padding: 24px 12px 32px; }
  th, td { padding: 6px 8px; }
  .number { display: none; }
}
`;
