// Holds router.tsx against core's route table: the router declares exactly the table's pages (plus
// its two catch-alls), and a page sits behind RequireAuth exactly when the table says signed-in.
import { createRoutesFromChildren, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from '@questkeeper/core/routes';
import { RequireAuth } from './require-auth';
import { routeTree } from './router';

interface DeclaredPage {
  path: string;
  guarded: boolean;
}

/** Every route that renders a page, with its full path ('/:lang/…') and whether a guard wraps it. */
function declaredPages(tree: RouteObject[], parent = '', guarded = false): DeclaredPage[] {
  return tree.flatMap((route) => {
    const path =
      route.path === undefined ? parent : route.path.startsWith('/') ? route.path : `${parent}/${route.path}`;
    const underGuard = guarded || (route.element as { type?: unknown } | undefined)?.type === RequireAuth;
    if (route.children?.length) return declaredPages(route.children, path, underGuard);
    return [{ path, guarded: underGuard }];
  });
}

const declared = declaredPages(createRoutesFromChildren(routeTree.props.children));
const fromTable = Object.values(routes).map((route) => ({
  path: route.localized ? `/:lang${route.path}` : route.path,
  guarded: route.access === 'signed-in',
}));

describe('the router and the route table', () => {
  it('declares every page of the table, and no other', () => {
    const pages = declared.filter((page) => !page.path.endsWith('*'));
    expect(pages.map((page) => page.path).sort()).toEqual(fromTable.map((page) => page.path).sort());
  });

  it('guards exactly the signed-in pages', () => {
    const byPath = (a: DeclaredPage, b: DeclaredPage) => a.path.localeCompare(b.path);
    const pages = declared.filter((page) => !page.path.endsWith('*'));
    expect(pages.toSorted(byPath)).toEqual(fromTable.toSorted(byPath));
  });

  it('keeps a Not Found page under the language and a redirect for unprefixed paths', () => {
    expect(declared.filter((page) => page.path.endsWith('*')).map((page) => page.path)).toEqual([
      '/:lang/*',
      '/*',
    ]);
  });
});
