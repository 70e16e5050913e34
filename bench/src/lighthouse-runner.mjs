// Runs one Lighthouse audit through its Node API with cookies in the browser's own jar, so a
// signed-in page's later requests carry them as a real visit's would (the CLI's
// --extra-headers adds a Cookie header that the browser's jar overrides once the page sets a
// cookie). Run by storefront-budget.ts with the Lighthouse it installed into bench/.lighthouse:
//   node lighthouse-runner.mjs <lighthouse dir> <url> <report path> <cookies as JSON [{name, value}]>
//     <session storage as JSON {key: value}, set in the tab before the page's scripts run>
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const [lighthouseDir, url, reportPath, cookiesJson = '[]', storageJson = '{}'] = process.argv.slice(2);
const require = createRequire(path.join(lighthouseDir, 'package.json'));
const load = async (name) => import(pathToFileURL(require.resolve(name)).href);
const { default: lighthouse } = await load('lighthouse');
const chromeLauncher = await load('chrome-launcher');
const { default: puppeteer } = await load('puppeteer-core');

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH,
  chromeFlags: ['--headless=new', '--no-sandbox'],
});
try {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const page = await browser.newPage();
  const cookies = JSON.parse(cookiesJson).map((cookie) => ({ ...cookie, url }));
  if (cookies.length > 0) await page.setCookie(...cookies);
  const storage = JSON.parse(storageJson);
  if (Object.keys(storage).length > 0) {
    await page.evaluateOnNewDocument((entries) => {
      for (const [key, value] of Object.entries(entries)) sessionStorage.setItem(key, value);
    }, storage);
  }
  // A new browser's cache is empty; only the storage reset is skipped, as it would drop the cookies.
  const result = await lighthouse(
    url,
    {
      port: chrome.port,
      output: 'json',
      onlyCategories: ['performance', 'accessibility'],
      disableStorageReset: cookies.length > 0,
      // `simulate` (Lighthouse's default) or `devtools` (the browser itself slowed down).
      throttlingMethod: process.env.LIGHTHOUSE_THROTTLING ?? 'simulate',
      logLevel: 'error',
    },
    undefined,
    page,
  );
  writeFileSync(reportPath, result.report);
  await browser.disconnect();
} finally {
  chrome.kill();
}
