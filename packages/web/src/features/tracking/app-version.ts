// Only the version field is bundled (Vite tree-shakes named JSON imports).
import { version } from '../../../package.json';

/** `client_version` of the collector: the web app's package version. */
export const APP_VERSION: string = version;
