import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

// The one route table of the console (ARCHITECTURE §8): it drives titles, access, keep-alive and menu
// groups. Later modules add their pages here. A route the menu lists but that has no entry yet shows the
// 'no related content yet' page inside the shell.

export interface RouteDef {
  /** Absolute path; parameters as ':id'. */
  path: string;
  /** i18n key of the title (document title and tab). */
  title: string;
  /** The page needs a permission: `code`, or the route's view code when no code is given. */
  isAuth: boolean;
  /** Kept alive (state preserved) while its tab stays open. */
  isKeeping: boolean;
  /** Menu group the page belongs to (the view code of its menu group). */
  group: string;
  /** 'root': a page of its own (sign-in, guide); 'shell': inside the console shell of its module. */
  area: 'root' | 'shell';
  /** Reachable without signing in. */
  isPublic?: boolean;
  code?: string;
  page: LazyExoticComponent<ComponentType>;
}

const LoginPage = lazy(() =>
  import('../modules/auth/pages/LoginPage').then((m) => ({ default: m.LoginPage })),
);
const RegisterPage = lazy(() =>
  import('../modules/auth/pages/RegisterPage').then((m) => ({ default: m.RegisterPage })),
);
const ForgetPasswordPage = lazy(() =>
  import('../modules/auth/pages/ForgetPasswordPage').then((m) => ({ default: m.ForgetPasswordPage })),
);
const HomeEntryPage = lazy(() =>
  import('../modules/home/pages/HomeEntryPage').then((m) => ({ default: m.HomeEntryPage })),
);
const FarmHomePage = lazy(() =>
  import('../modules/farm/pages/FarmHomePage').then((m) => ({ default: m.FarmHomePage })),
);
const UserProfilePage = lazy(() =>
  import('../modules/account/pages/UserProfilePage').then((m) => ({ default: m.UserProfilePage })),
);
export const NotFoundPage = lazy(() =>
  import('../modules/common/pages/NotFoundPage').then((m) => ({ default: m.NotFoundPage })),
);

export const ROUTES: readonly RouteDef[] = [
  {
    path: '/login',
    title: 'common:route.login',
    isAuth: false,
    isKeeping: false,
    group: 'auth',
    area: 'root',
    isPublic: true,
    page: LoginPage,
  },
  {
    path: '/register',
    title: 'common:route.register',
    isAuth: false,
    isKeeping: false,
    group: 'auth',
    area: 'root',
    isPublic: true,
    page: RegisterPage,
  },
  {
    path: '/forgetPassword',
    title: 'common:route.forgetPassword',
    isAuth: false,
    isKeeping: false,
    group: 'auth',
    area: 'root',
    isPublic: true,
    page: ForgetPasswordPage,
  },
  {
    path: '/home',
    title: 'common:route.home',
    isAuth: false,
    isKeeping: false,
    group: 'home',
    area: 'root',
    page: HomeEntryPage,
  },
  {
    path: '/web/farm/home',
    title: 'common:route.farmHome',
    isAuth: false,
    isKeeping: true,
    group: 'wfpf.farm.farm',
    area: 'shell',
    page: FarmHomePage,
  },
  {
    path: '/web/user',
    title: 'common:route.user',
    isAuth: false,
    isKeeping: true,
    group: 'wfpf.farm.user',
    area: 'shell',
    page: UserProfilePage,
  },
];

export const ROOT_ROUTES = ROUTES.filter((r) => r.area === 'root');
export const SHELL_ROUTES = ROUTES.filter((r) => r.area === 'shell');
