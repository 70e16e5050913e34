import type {
  ConfigInfo,
  ExperimentInfo,
  Me,
  RequestInfo,
  UserContextResponse,
  UserSpecificTracking,
  Visiting,
} from '@lectern/domain';

/** The brand shown until the configuration has loaded, or when it names none. */
export const DEFAULT_BRAND_NAME = 'Lectern';

/** Platform §8: reading user or visiting data before it has loaded is a bug, so it throws. */
export class UserContextNotLoadedError extends Error {
  override readonly name = 'UserContextNotLoadedError';
  constructor(part: string) {
    super(`The user context has not loaded yet; "${part}" cannot be read.`);
  }
}

/**
 * The current user's context (platform §3). Each part throws `UserContextNotLoadedError`
 * when read before the context has loaded; `isLoaded` and `brandName` are always safe.
 */
export interface UserContext {
  readonly isLoaded: boolean;
  readonly me: Me;
  readonly visiting: Visiting | undefined;
  readonly request: RequestInfo | undefined;
  readonly config: ConfigInfo | undefined;
  readonly experiment: ExperimentInfo | undefined;
  readonly userSpecificTracking: UserSpecificTracking | undefined;
  readonly brandName: string;
}

export function createUserContext(response: UserContextResponse | undefined): UserContext {
  const loaded = <T>(part: string, read: (data: UserContextResponse) => T): T => {
    if (!response) throw new UserContextNotLoadedError(part);
    return read(response);
  };
  return {
    isLoaded: response !== undefined,
    get me() {
      return loaded('me', (data) => {
        if (!data.me) throw new UserContextNotLoadedError('me');
        return data.me;
      });
    },
    get visiting() {
      return loaded('visiting', (data) => data.visiting);
    },
    get request() {
      return loaded('request', (data) => data.request);
    },
    get config() {
      return loaded('Config', (data) => data.Config);
    },
    get experiment() {
      return loaded('experiment', (data) => data.experiment);
    },
    get userSpecificTracking() {
      return loaded('user_specific_tracking', (data) => data.user_specific_tracking);
    },
    brandName: response?.Config?.brand.name || DEFAULT_BRAND_NAME,
  };
}
