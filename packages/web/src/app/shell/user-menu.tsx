import { PAGE_ROUTES, type AuthenticatedMe } from '@lectern/domain';
import { useEffect, useRef, useState, type FocusEvent, type KeyboardEvent, type MouseEvent } from 'react';
import { useIntl } from 'react-intl';
import { useLogout } from '../../features/auth/use-logout';
import { AppLink } from '../../platform/navigation/navigation';
import { ChevronDownIcon } from '../../ui/icons';
import { PlainButton } from '../../ui/plain-button';
import { useUserContext } from '../user-context/use-user-context';
import classes from './user-menu.module.css';
import { useStableId } from '../../ui/use-stable-id';

export function displayNameOf(me: AuthenticatedMe): string {
  return me.display_name || `${me.name} ${me.surname}`.trim() || me.email;
}

/**
 * The logged-in user's name, opening a menu of their pages and "Log out"; nothing for a
 * visitor. No props and no Mantine: it may be hydrated as an island (app/islands).
 */
export function UserMenu() {
  const context = useUserContext();
  if (!context.isLoaded || !context.me.is_authenticated) return null;
  return <UserMenuButton me={context.me} />;
}

type FocusTarget = 'first' | 'last';

function menuItems(menu: HTMLElement | null): HTMLElement[] {
  return Array.from(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
}

/**
 * A WAI-ARIA APG menu button: Enter, Space or ArrowDown open the menu on its first item,
 * ArrowUp on its last; in the menu the arrows, Home and End move, Escape closes it back to
 * the button, Tab closes it and moves on; a click outside closes it.
 */
function UserMenuButton({ me }: { me: AuthenticatedMe }) {
  const intl = useIntl();
  const logout = useLogout();
  const id = useStableId('user-menu');
  const buttonId = `${id}-button`;
  const menuId = `${id}-menu`;
  const rootRef = useRef<HTMLDivElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  // Which item takes the focus once the menu has opened (it is hidden until then).
  const pendingFocus = useRef<FocusTarget | null>(null);

  const button = () => document.getElementById(buttonId);

  const openMenu = (focus: FocusTarget) => {
    if (open) {
      const list = menuItems(menuRef.current);
      (focus === 'first' ? list[0] : list[list.length - 1])?.focus();
      return;
    }
    pendingFocus.current = focus;
    setOpen(true);
  };
  const close = (returnFocus = false) => {
    setOpen(false);
    if (returnFocus) button()?.focus();
  };

  useEffect(() => {
    if (!open) return;
    if (pendingFocus.current) {
      const list = menuItems(menuRef.current);
      (pendingFocus.current === 'first' ? list[0] : list[list.length - 1])?.focus();
      pendingFocus.current = null;
    }
    const onPointerDown = (event: Event) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'Enter' || event.key === ' ' || event.key === 'ArrowDown') {
      event.preventDefault();
      openMenu('first');
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openMenu('last');
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      close();
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const list = menuItems(menuRef.current);
    const current = list.indexOf(document.activeElement as HTMLElement);
    const focusAt = (index: number) => {
      event.preventDefault();
      list[(index + list.length) % list.length]?.focus();
    };
    switch (event.key) {
      case 'ArrowDown':
        focusAt(current + 1);
        break;
      case 'ArrowUp':
        focusAt(current < 0 ? -1 : current - 1);
        break;
      case 'Home':
        focusAt(0);
        break;
      case 'End':
        focusAt(-1);
        break;
      case 'Escape':
        event.preventDefault();
        close(true);
        break;
      case 'Tab':
        // Shift+Tab would land on the button anyway; Tab moves on and the focus leaving closes it.
        if (event.shiftKey) {
          event.preventDefault();
          close(true);
        }
        break;
      case ' ':
        // Space activates a menu item as Enter does (a link would scroll the page).
        if (current >= 0) {
          event.preventDefault();
          list[current]?.click();
        }
        break;
    }
  };

  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    // Only when the focus moves somewhere else: a click outside is the pointerdown's.
    const next = event.relatedTarget;
    if (open && next && !event.currentTarget.contains(next)) setOpen(false);
  };

  // A press on the menu's padding or separator keeps the focus where it is.
  const onMenuMouseDown = (event: MouseEvent<HTMLDivElement>) => {
    if (!(event.target as HTMLElement).closest('[role="menuitem"]')) event.preventDefault();
  };

  const links = [
    { to: PAGE_ROUTES.myCourses, label: 'shell.myCourses' },
    { to: PAGE_ROUTES.learningReminders, label: 'shell.learningReminders' },
    { to: PAGE_ROUTES.learningCommunities, label: 'shell.learningCommunities' },
    { to: PAGE_ROUTES.learnerBadges, label: 'shell.badges' },
    { to: PAGE_ROUTES.cart, label: 'shell.wishlistAndCart' },
    { to: PAGE_ROUTES.purchaseHistory, label: 'shell.purchaseHistory' },
    { to: PAGE_ROUTES.creditHistory, label: 'shell.creditHistory' },
    // Staff (any role) reach the back office; its dashboard links to every area their role opens.
    ...(me.is_operator ? ([{ to: PAGE_ROUTES.adminDashboard, label: 'shell.backOffice' }] as const) : []),
  ] as const;

  return (
    // The menu is not in a portal: it stays inside the header's nav landmark.
    <div ref={rootRef} className={classes.root} onBlur={onBlur}>
      <PlainButton
        id={buttonId}
        variant="default"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        aria-busy={logout.isPending || undefined}
        disabled={logout.isPending}
        onClick={() => (open ? close() : openMenu('first'))}
        onKeyDown={onButtonKeyDown}
      >
        {displayNameOf(me)}
        <ChevronDownIcon />
      </PlainButton>
      <div
        ref={menuRef}
        id={menuId}
        role="menu"
        aria-labelledby={buttonId}
        className={classes.dropdown}
        hidden={!open}
        onKeyDown={onMenuKeyDown}
        onMouseDown={onMenuMouseDown}
      >
        {links.map(({ to, label }) => (
          <AppLink
            key={to}
            to={to}
            role="menuitem"
            tabIndex={-1}
            className={classes.item}
            onClick={() => close()}
          >
            {intl.formatMessage({ id: label })}
          </AppLink>
        ))}
        <div role="separator" className={classes.divider} />
        <button
          type="button"
          role="menuitem"
          tabIndex={-1}
          className={classes.item}
          onClick={() => {
            close(true);
            logout.mutate();
          }}
        >
          {intl.formatMessage({ id: 'shell.logout' })}
        </button>
      </div>
    </div>
  );
}
