import { Outlet, useLocation, useNavigation } from 'react-router-dom';
import { MainLayout } from '@/components/layouts/main-layout';
import { PageSpinner } from '@/components/ui/page-spinner';
import { TermsPrompt, VerifyEmailBanner } from '@/features/auth';
import { Navbar } from './navbar';
import { titleFor } from './route-titles';

export function RootLayout() {
  const navigation = useNavigation();
  const title = titleFor(useLocation().pathname);
  // While the next screen's chunk loads, keep the old one (a spinner only on slow first loads).
  return (
    <MainLayout header={<Navbar />}>
      {title ? <title>{title}</title> : null}
      <TermsPrompt />
      <VerifyEmailBanner />
      {navigation.state === 'loading' && !navigation.location ? <PageSpinner /> : <Outlet />}
    </MainLayout>
  );
}
