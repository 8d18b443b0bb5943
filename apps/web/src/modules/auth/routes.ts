import { lazyPage } from '../../shared/routing/lazyPage';
import type { RouteDef } from '../../shared/routing/routeDef';

// The pages of the auth domain (ARCHITECTURE §8); app/routes.ts joins every domain's table.
// Titles live in the 'auth' locale namespace.

const LoginPage = lazyPage(() => import('./pages/LoginPage'), 'LoginPage');
const RegisterPage = lazyPage(() => import('./pages/RegisterPage'), 'RegisterPage');
const ForgetPasswordPage = lazyPage(() => import('./pages/ForgetPasswordPage'), 'ForgetPasswordPage');

export const AUTH_ROUTES: readonly RouteDef[] = [
  {
    path: '/login',
    title: 'auth:route.login',
    isAuth: false,
    isKeeping: false,
    group: 'auth',
    area: 'root',
    isPublic: true,
    page: LoginPage,
  },
  {
    path: '/register',
    title: 'auth:route.register',
    isAuth: false,
    isKeeping: false,
    group: 'auth',
    area: 'root',
    isPublic: true,
    page: RegisterPage,
  },
  {
    path: '/forgetPassword',
    title: 'auth:route.forgetPassword',
    isAuth: false,
    isKeeping: false,
    group: 'auth',
    area: 'root',
    isPublic: true,
    page: ForgetPasswordPage,
  },
];
