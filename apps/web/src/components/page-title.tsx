import { Brand } from '@qbank/contract';
import { createContext, useContext } from 'react';

/**
 * The page title's prefix: the product's domain name (SPEC §2). The platform's own domain by default; the
 * signed-in shell provides the active product's.
 */
export const TitlePrefix = createContext<string>(Brand.domain);

/** The page's title, `prefix | name` (just the prefix without a name), as React 19's hoisted <title>. */
export function PageTitle({ name }: { name?: string }) {
  const prefix = useContext(TitlePrefix);
  return <title>{name ? `${prefix} | ${name}` : prefix}</title>;
}
