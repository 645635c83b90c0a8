import { Outlet, useNavigation } from 'react-router-dom';
import { MainLayout } from '@/components/layouts/main-layout';
import { PageSpinner } from '@/components/ui/page-spinner';
import { Navbar } from './navbar';

export function RootLayout() {
  const navigation = useNavigation();
  // While the next screen's chunk loads, keep the old one (a spinner only on slow first loads).
  return (
    <MainLayout header={<Navbar />}>
      {navigation.state === 'loading' && !navigation.location ? <PageSpinner /> : <Outlet />}
    </MainLayout>
  );
}
