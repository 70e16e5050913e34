import { canShare, type ShareableObject } from '@lectern/domain';
import { useUserContext } from '../../app/user-context/use-user-context';

/**
 * Platform §5: whether `object` may be shared here — it is public, the brand is the
 * marketplace (no organization) and external sources are enabled. False until the user
 * context has loaded, as the brand is not known before.
 */
export function useCanShare(object: Pick<ShareableObject, 'is_private'>): boolean {
  const context = useUserContext();
  const config = context.isLoaded ? context.config : undefined;
  if (!config) return false;
  return canShare(object, {
    hasOrganization: config.brand.has_organization,
    externalSourcesEnabled: config.third_party.external_sources_enabled,
  });
}
