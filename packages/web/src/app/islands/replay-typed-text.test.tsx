import { act, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { replayTypedText } from './replay-typed-text';

function SearchBox() {
  const [typed, setTyped] = useState('');
  return (
    <form>
      <input aria-label="Search" value={typed} onChange={(event) => setTyped(event.target.value)} />
      <textarea aria-label="Note" defaultValue="" />
      <output>{typed}</output>
    </form>
  );
}

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});

afterEach(() => {
  document.body.innerHTML = '';
});

describe('replayTypedText', () => {
  it("hands text typed before hydration to the component's state, so its next render keeps it", async () => {
    const root = document.createElement('div');
    root.innerHTML = renderToString(<SearchBox />);
    document.body.append(root);
    const input = root.querySelector('input')!;
    // Typed while the page's code was loading.
    input.value = 'pand';

    await act(async () => {
      hydrateRoot(root, <SearchBox />);
    });
    // Hydration leaves the text on screen, but the state does not have it.
    expect(input.value).toBe('pand');
    expect(root.querySelector('output')!.textContent).toBe('');

    await act(async () => replayTypedText(root));
    expect(root.querySelector('output')!.textContent).toBe('pand');
    expect(input.value).toBe('pand');
  });

  it('leaves fields nobody typed into alone', async () => {
    const root = document.createElement('div');
    root.innerHTML = renderToString(<SearchBox />);
    document.body.append(root);
    const inputs: string[] = [];
    root.addEventListener('input', (event) => inputs.push((event.target as HTMLElement).tagName));
    root.querySelector('textarea')!.value = 'a note';

    await act(async () => {
      hydrateRoot(root, <SearchBox />);
    });
    replayTypedText(root);
    expect(inputs).toEqual(['TEXTAREA']);
    expect(root.querySelector('textarea')!.value).toBe('a note');
  });
});
