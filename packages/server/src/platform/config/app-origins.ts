import type { AppConfig } from './config.js';

/** Origins whose pages may use the sandbox from a browser: the app, and on a laptop its loopback twin. */
export function appOrigins(config: AppConfig): string[] {
  const app = new URL(config.publicUrl);
  const origins = [app.origin];
  const twin = { localhost: '127.0.0.1', '127.0.0.1': 'localhost' }[app.hostname];
  if (twin && !config.isProduction) {
    app.hostname = twin;
    origins.push(app.origin);
  }
  return origins;
}
