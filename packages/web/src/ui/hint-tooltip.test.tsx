import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HintTooltip } from './hint-tooltip';

describe('HintTooltip', () => {
  it('describes its button with the hint, shown on hover, focus and tap, hidden by Escape', () => {
    render(<HintTooltip label="Your card details are encrypted.">Secure</HintTooltip>);
    const button = screen.getByRole('button', { name: 'Secure' });
    const bubble = screen.getByRole('tooltip', { hidden: true });
    expect(button.getAttribute('aria-describedby')).toBe(bubble.id);
    expect(bubble.textContent).toBe('Your card details are encrypted.');
    expect(bubble.hidden).toBe(true);

    fireEvent.mouseEnter(button.parentElement!);
    expect(bubble.hidden).toBe(false);
    fireEvent.mouseLeave(button.parentElement!);
    expect(bubble.hidden).toBe(true);

    fireEvent.focus(button);
    expect(bubble.hidden).toBe(false);
    fireEvent.keyDown(button, { key: 'Escape' });
    expect(bubble.hidden).toBe(true);

    fireEvent.click(button);
    expect(bubble.hidden).toBe(false);
    fireEvent.click(button);
    expect(bubble.hidden).toBe(true);
  });
});
