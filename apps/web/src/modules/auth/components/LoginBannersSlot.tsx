import { QueryAndTheme } from '../../../app/Providers';
import { LoginBanners } from '../../content/media/LoginBanners';

/**
 * The login banners with what they need around them on the sign-in page, which renders without the app's
 * providers: the query cache (their list is a query) and antd's theme (the carousel). Loaded lazily.
 */
export function LoginBannersSlot() {
  return (
    <QueryAndTheme>
      <LoginBanners />
    </QueryAndTheme>
  );
}
