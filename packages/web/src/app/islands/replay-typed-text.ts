/**
 * Hands an island's components the text typed into its fields before it was hydrated (into
 * the header's search box, say, while the page's code was still loading). Hydration keeps
 * what the visitor typed on the screen, but the component's state still holds the server's
 * value, and its next render would wipe the text. For each text field whose value differs
 * from the one it was rendered with, this enters the typed text again as an `input` event, so
 * the component's onChange sees it: the field is set back to its rendered value through its
 * own setter (which React watches), then to the typed text through the native one (which it
 * does not), the way a browser's typing does. Call it once the island's hydration has committed.
 */
export function replayTypedText(root: HTMLElement): void {
  const fields = root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea');
  for (const field of fields) {
    // A checkbox's or a button's value is its default; a chosen file cannot be set again.
    const typed = field.value;
    if (typed === field.defaultValue || field.type === 'file') continue;
    // The element's own `value` is React's watcher; its prototype's is the browser's.
    const native = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value');
    field.value = field.defaultValue;
    native?.set?.call(field, typed);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
}
