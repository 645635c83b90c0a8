import { Box, Button, Container, Flex, HStack, IconButton, Link, Stack } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { NavLink, Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { ColorModeButton } from '@/components/ui/color-mode';
import { AlarmIcon, CloseIcon, MenuIcon, PlusIcon, UserIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { hasRole, useAuth } from '@/lib/auth';

// The modal's code loads only when a signed-in user opens it.
const CreateChallengeModal = lazy(() => import('@/features/challenges/components/create-challenge-modal'));
// The menu machinery is only needed once signed in.
const ProfileMenu = lazy(() => import('./profile-menu'));
const NotificationsMenu = lazy(() => import('@/features/notifications/components/notifications-menu'));

interface NavItem {
  label: string;
  to: string;
}

function NavItemLink({ item, onClick }: { item: NavItem; onClick?: () => void }) {
  return (
    <Link
      asChild
      px={3}
      py={2}
      rounded="md"
      fontWeight="medium"
      color="fg"
      _hover={{ bg: 'bg.muted', textDecoration: 'none' }}
      css={{ '&[aria-current=page]': { color: 'brand.fg', fontWeight: 'semibold' } }}
    >
      <NavLink to={item.to} onClick={onClick}>
        {item.label}
      </NavLink>
    </Link>
  );
}

export function Navbar() {
  const { user, isAuthenticated, logout, refreshUser } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [mobileOpen, setMobileOpen] = useState(false);
  const [createOpen, setCreateOpen] = useState(false);
  const mobileMenuId = useId();
  const signOut = useMutation({ mutationFn: () => logout() });

  useEffect(() => setMobileOpen(false), [location.pathname]);

  const links: NavItem[] = isAuthenticated
    ? [
        { label: 'Dashboard', to: paths.dashboard },
        { label: 'Transactions', to: paths.transactions },
        { label: 'Progress', to: paths.progress },
        { label: 'Groups', to: paths.groups },
        ...(hasRole(user, 'SUPPORT') ? [{ label: 'Support', to: paths.support }] : []),
      ]
    : [];

  const onLogout = async () => {
    await signOut.mutateAsync();
    navigate(paths.login, { replace: true });
  };

  const openCreate = () => {
    setMobileOpen(false);
    setCreateOpen(true);
  };

  const firstName = user?.fullName?.trim().split(/\s+/)[0] || 'Account';

  return (
    <Box as="header" position="sticky" top={0} zIndex="sticky" bg="bg" borderBottomWidth="1px" borderColor="border">
      <Container maxW="6xl">
        <Flex as="nav" aria-label="Main" h={16} align="center" justify="space-between" gap={3}>
          <Link asChild fontWeight="bold" fontSize="xl" color="brand.fg" _hover={{ textDecoration: 'none' }}>
            <RouterLink to={paths.home}>
              <AlarmIcon boxSize={6} />
              WakeStake
            </RouterLink>
          </Link>

          <HStack gap={1} display={{ base: 'none', md: 'flex' }}>
            {links.map((item) => (
              <NavItemLink key={item.to} item={item} />
            ))}
          </HStack>

          <HStack gap={2}>
            {isAuthenticated ? (
              <Suspense fallback={null}>
                <NotificationsMenu />
              </Suspense>
            ) : null}
            {isAuthenticated ? (
              <HStack gap={2} display={{ base: 'none', md: 'flex' }}>
                <Button colorPalette="brand" size="sm" onClick={openCreate}>
                  <PlusIcon />
                  Create Challenge
                </Button>
                <Suspense
                  fallback={
                    <Button variant="ghost" size="sm" aria-label="Profile menu" disabled>
                      <UserIcon />
                    </Button>
                  }
                >
                  <ProfileMenu firstName={firstName} onOpen={() => void refreshUser()} onLogout={() => void onLogout()} />
                </Suspense>
              </HStack>
            ) : (
              <HStack gap={2} display={{ base: 'none', md: 'flex' }}>
                <Button asChild variant="ghost" size="sm">
                  <RouterLink to={paths.login}>Login</RouterLink>
                </Button>
                <Button asChild colorPalette="brand" size="sm">
                  <RouterLink to={paths.register}>Get Started</RouterLink>
                </Button>
              </HStack>
            )}
            <ColorModeButton />
            <IconButton
              aria-label="Open menu"
              aria-expanded={mobileOpen}
              aria-controls={mobileMenuId}
              variant="ghost"
              size="sm"
              display={{ base: 'inline-flex', md: 'none' }}
              onClick={() => setMobileOpen((open) => !open)}
            >
              {mobileOpen ? <CloseIcon /> : <MenuIcon />}
            </IconButton>
          </HStack>
        </Flex>

        {mobileOpen ? (
          <Stack id={mobileMenuId} gap={1} pb={4} display={{ base: 'flex', md: 'none' }}>
            {isAuthenticated ? (
              <>
                {links.map((item) => (
                  <NavItemLink key={item.to} item={item} onClick={() => setMobileOpen(false)} />
                ))}
                <NavItemLink item={{ label: 'Profile', to: paths.profile }} />
                <NavItemLink item={{ label: 'Settings', to: paths.settings }} />
                <Button colorPalette="brand" size="sm" onClick={openCreate}>
                  <PlusIcon />
                  Create Challenge
                </Button>
                <Button variant="outline" size="sm" onClick={() => void onLogout()}>
                  Logout
                </Button>
              </>
            ) : (
              <>
                <Button asChild variant="outline" size="sm">
                  <RouterLink to={paths.login}>Login</RouterLink>
                </Button>
                <Button asChild colorPalette="brand" size="sm">
                  <RouterLink to={paths.register}>Get Started</RouterLink>
                </Button>
              </>
            )}
          </Stack>
        ) : null}
      </Container>

      {createOpen ? (
        <Suspense fallback={null}>
          <CreateChallengeModal open={createOpen} onClose={() => setCreateOpen(false)} />
        </Suspense>
      ) : null}
    </Box>
  );
}
