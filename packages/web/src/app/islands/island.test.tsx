import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppLink } from '../../platform/navigation/navigation';
import { useStableId } from '../../ui/use-stable-id';
import { Island } from './island';
import { IslandPageContext } from './island-page';

function Greeting({ name }: { name: string }) {
  const id = useStableId('greeting');
  return (
    <p id={id}>
      Hello {name}, <AppLink to="/cart/">your cart</AppLink>
    </p>
  );
}

describe('Island', () => {
  it('is just its component in the single-page app', () => {
    const { container } = render(<Island name="cart-link" component={Greeting} props={{ name: 'Kim' }} />);
    expect(container.querySelector('lectern-island')).toBeNull();
    expect(screen.getByText(/Hello Kim/)).toBeTruthy();
  });

  it('on an islands page, names itself and holds its props for the browser, with plain links and ids named after it', () => {
    const { container } = render(
      <IslandPageContext value={{ pathname: '/course/x/', search: '' }}>
        <Island name="cart-link" component={Greeting} props={{ name: 'Kim' }} hydrate="on-interaction" />
      </IslandPageContext>,
    );
    const element = container.querySelector('lectern-island') as HTMLElement;
    expect(element.dataset.island).toBe('cart-link');
    expect(JSON.parse(element.dataset.props ?? '')).toEqual({ name: 'Kim' });
    expect(element.dataset.hydrate).toBe('on-interaction');
    expect(element.querySelector('p')?.id).toBe('cart-link-greeting');
    expect(screen.getByRole('link', { name: 'your cart' }).getAttribute('href')).toBe('/cart/');
  });
});
