// Must run before @lectern/domain builds its zod schemas (see the module).
import './platform/strict-csp';
// Mantine's base styles first, so the app's own CSS modules can override them.
import '@mantine/core/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createQueryClient } from './app/providers/query-client';
import { createAppRouter } from './app/routing/routes';
import { loadMessages } from './i18n/load-messages';
import { createApiClient } from './platform/api';
import { currentLocale } from './platform/locale';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element.');

const locale = currentLocale();
const api = createApiClient();
const queryClient = createQueryClient();
const router = createAppRouter();

void loadMessages(locale).then((messages) => {
  createRoot(container).render(
    <StrictMode>
      <App api={api} queryClient={queryClient} router={router} locale={locale} messages={messages} />
    </StrictMode>,
  );
});
