// `npm run admin:create -- --email <address> [--role <role>] [--name <full name>]`: makes an
// account a member of the back office's staff (an owner by default), creating it when there is
// none. The configuration is the server's (DATABASE_URL, or the embedded database in DATA_DIR,
// `./.data` as for `npm start`), so the first owner of a new marketplace comes from here.
import { loadConfig, ConfigError } from '../packages/server/src/platform/config/config.js';
import { DatabaseUnavailableError } from '../packages/server/src/platform/db/database.js';
import {
  ADMIN_CREATE_USAGE,
  AdminCreateError,
  adminCreate,
  parseAdminCreateArgs,
} from '../packages/server/src/modules/staff/admin-create.js';
import { HttpError } from '../packages/server/src/platform/http/http-error.js';

async function main(): Promise<number> {
  let request;
  try {
    request = parseAdminCreateArgs(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof AdminCreateError)) throw error;
    console.error(`admin:create: ${error.message}\n\n${ADMIN_CREATE_USAGE}`);
    return 1;
  }
  if (!request) {
    console.log(ADMIN_CREATE_USAGE);
    return 0;
  }
  try {
    const result = await adminCreate(loadConfig(process.env), request);
    for (const line of result.messages) console.log(line);
    return 0;
  } catch (error) {
    if (
      error instanceof ConfigError ||
      error instanceof DatabaseUnavailableError ||
      error instanceof AdminCreateError ||
      error instanceof HttpError
    ) {
      console.error(`admin:create: ${error.message}`);
      return 1;
    }
    throw error;
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('admin:create failed:', error);
    process.exit(1);
  },
);
