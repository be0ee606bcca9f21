import { createRoute, redirect } from '@tanstack/react-router';
import { ChooseLoginScreen } from '#app/features/auth/ChooseLoginScreen';
import { LoginScreen } from '#app/features/auth/LoginScreen';
import { logOutAndLeave, skipLoginWhenLoggedIn } from './guards.ts';
import { userTypeParams, validateRedirectSearch } from './params.ts';
import { rootRoute } from './root.ts';

export const indexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/login', replace: true });
  },
});

export const chooseLoginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'login',
  validateSearch: validateRedirectSearch,
  beforeLoad: skipLoginWhenLoggedIn,
  component: function ChooseLoginPage() {
    return <ChooseLoginScreen redirect={chooseLoginRoute.useSearch().redirect} />;
  },
});

/** /login/{type} and /{type}/ are older addresses of /{type}/login (docs/spec.md §2). */
export const loginAliasRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'login/$type',
  params: userTypeParams,
  beforeLoad: ({ params }) => {
    throw redirect({ to: '/$type/login', params, replace: true });
  },
});

export const typeRootRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '$type',
  params: userTypeParams,
  beforeLoad: ({ params }) => {
    throw redirect({ to: '/$type/login', params, replace: true });
  },
});

export const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '$type/login',
  params: userTypeParams,
  validateSearch: validateRedirectSearch,
  beforeLoad: skipLoginWhenLoggedIn,
  component: function LoginPage() {
    const { type } = loginRoute.useParams();
    return <LoginScreen key={type} type={type} redirect={loginRoute.useSearch().redirect} />;
  },
});

export const logoutRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'logout',
  beforeLoad: logOutAndLeave,
});

export const typeLogoutRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '$type/logout',
  params: userTypeParams,
  beforeLoad: logOutAndLeave,
});
