/** The business edition's name is always derived from the configured brand (design: `BRAND_NAME`). */
export function businessBrandName(brandName: string): string {
  return `${brandName} Business`;
}
