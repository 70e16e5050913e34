/**
 * Structured data for search engines, as `<script type="application/ld+json">`. It is data, not
 * code (no CSP nonce needed), but it sits in the HTML: `<` is escaped so no text in it (a course
 * title holding `</script>`) can end the element, and U+2028/2029 for old parsers.
 */
export function JsonLd({ data }: { data: object }) {
  const json = JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}
