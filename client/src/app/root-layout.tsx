import { useLayoutEffect } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router-dom';
import { MainLayout } from '@/components/layouts/main-layout';
import { PageSpinner } from '@/components/ui/page-spinner';
import { PasskeyOffer, TermsPrompt, VerifyEmailBanner } from '@/features/auth';
import { paths } from '@/config/paths';
import { revealApp } from './first-screen';
import { Navbar } from './navbar';
import { titleFor } from './route-titles';

export function RootLayout() {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const title = titleFor(pathname);
  // The dashboard's static first screen (app/first-screen.ts) goes when the dashboard renders, or at once when the app
  // went elsewhere (signed out, profile incomplete).
  useLayoutEffect(() => {
    if (pathname.replace(/\/+$/, '') !== paths.dashboard) revealApp();
  }, [pathname]);
  // While the next screen's chunk loads, keep the old one (a spinner only on slow first loads).
  return (
    <MainLayout header={<Navbar />}>
      {title ? <title>{title}</title> : null}
      <TermsPrompt />
      <PasskeyOffer />
      <VerifyEmailBanner />
      {navigation.state === 'loading' && !navigation.location ? <PageSpinner /> : <Outlet />}
    </MainLayout>
  );
}
