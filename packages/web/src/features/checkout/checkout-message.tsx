import { useEffect } from 'react';
import { PlainAlert } from '../../ui/plain-form';

/** Checkout §3 checkout message, with how long it stays (checkout §8–§9: 5, 10 or 15 s). */
export interface CheckoutMessage {
  type: 'error' | 'success' | 'warning';
  text: string;
  displayMs: number;
  /** When it was shown; a new message with the same text restarts its time. */
  created: number;
}

const TONES = { error: 'red', success: 'green', warning: 'yellow' } as const;

/**
 * A checkout message as a banner: errors are announced at once (role=alert), the others
 * politely (role=status). It dismisses itself after its display time, or by its close button.
 */
export function CheckoutMessageBanner({
  message,
  onDismiss,
}: {
  message: CheckoutMessage | null;
  onDismiss: () => void;
}) {
  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(onDismiss, message.displayMs);
    return () => clearTimeout(timer);
  }, [message, onDismiss]);
  if (!message) return null;
  return (
    <PlainAlert
      tone={TONES[message.type]}
      role={message.type === 'error' ? 'alert' : 'status'}
      data-testid="checkout-message"
      data-type={message.type}
      onDismiss={onDismiss}
    >
      {message.text}
    </PlainAlert>
  );
}
