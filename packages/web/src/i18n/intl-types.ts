import type { MessageId } from './load-messages';

// Makes react-intl check message ids against en.json at compile time.
declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace FormatjsIntl {
    interface Message {
      ids: MessageId;
    }
  }
}
