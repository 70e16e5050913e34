import { Container } from '@mantine/core';
import { ModuleLoadErrorBanner, type ModuleLoadErrorBannerProps } from './module-load-error-banner';

/** The reload banner in place of a whole page's content. */
export function ModuleLoadErrorPage(props: ModuleLoadErrorBannerProps) {
  return (
    <Container size="lg" py="xl">
      <ModuleLoadErrorBanner {...props} />
    </Container>
  );
}
