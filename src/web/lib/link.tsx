import { type ComponentProps, type ComponentType, createContext, useContext } from 'react';

export type AppLinkProps = Omit<ComponentProps<'a'>, 'href'> & { to: string };

function PlainLink({ to, ...props }: AppLinkProps) {
  return <a href={to} {...props} />;
}

const LinkContext = createContext<ComponentType<AppLinkProps>>(PlainLink);

/**
 * Shared components link through this: inside the app it is React Router's Link (client navigation);
 * on the prerendered landing page, which ships without the router, it is a plain anchor.
 */
export const LinkProvider = LinkContext.Provider;

export function AppLink(props: AppLinkProps) {
  const Component = useContext(LinkContext);
  return <Component {...props} />;
}
