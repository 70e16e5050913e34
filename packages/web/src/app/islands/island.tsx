import type { ComponentType, CSSProperties } from 'react';
import { DocumentNavigationProvider } from '../../platform/navigation/navigation';
import { IdScopeContext } from '../../ui/use-stable-id';
import type { IslandName } from './island-names';
import { IslandPageContext, useIslandPage } from './island-page';

/** The element an island's HTML sits in: `hydrateRoot` takes it over in the browser. */
export const ISLAND_TAG = 'lectern-island';

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- how React's JSX types are extended
  namespace JSX {
    interface IntrinsicElements {
      [ISLAND_TAG]: {
        'data-island': string;
        'data-props': string;
        'data-hydrate'?: IslandHydration;
        style?: CSSProperties;
        children?: React.ReactNode;
      };
    }
  }
}

const CONTENTS: CSSProperties = { display: 'contents' };

export interface IslandProps<P extends object> {
  /** The island's name; the browser loads `component` by it (ISLAND_LOADERS). */
  name: IslandName;
  /**
   * An island-safe component: no Mantine, React Router, query cache or zod in what it imports
   * (a dialog it opens may load Mantine on demand), JSON props, the same render on the server
   * and in the browser, and element ids from useStableId.
   */
  component: ComponentType<P>;
  props: P;
  /**
   * When the browser hydrates it: at once (the default), or at the visitor's first sign of
   * using it (a pointer over it, focus, a touch, a click), for parts that are rarely used.
   */
  hydrate?: IslandHydration;
}

export type IslandHydration = 'on-load' | 'on-interaction';

/**
 * An interactive part of a page. In the single-page app it is just its component. On a page
 * the server renders to be hydrated as islands (IslandPageContext), it is wrapped in an
 * element naming it and holding its props as JSON, for src/islands.tsx to hydrate on its own
 * with a small runtime; its links are then plain links (DocumentNavigationProvider), as they
 * will be in the browser, and its element ids are named after it (useStableId), since its
 * hydration on its own cannot count the ids of the whole page's render.
 */
export function Island<P extends object>({
  name,
  component: Component,
  props,
  hydrate = 'on-load',
}: IslandProps<P>) {
  const page = useIslandPage();
  if (!page) return <Component {...props} />;
  return (
    <lectern-island
      data-island={name}
      data-props={JSON.stringify(props)}
      data-hydrate={hydrate}
      style={CONTENTS}
    >
      <DocumentNavigationProvider location={page}>
        <IdScopeContext value={name}>
          {/* Inside, the page is hydrated, as in the browser's render of the island alone. */}
          <IslandPageContext value={null}>
            <Component {...props} />
          </IslandPageContext>
        </IdScopeContext>
      </DocumentNavigationProvider>
    </lectern-island>
  );
}
