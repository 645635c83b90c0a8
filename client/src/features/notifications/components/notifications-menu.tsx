import { Box, Button, Icon, Menu, Portal, Skeleton, Stack, Text, VisuallyHidden, type IconProps } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { formatISTDateTimeZoned } from '@/lib/format';
import { getNotifications, markAllNotificationsRead, markNotificationRead, type NotificationPage } from '../api/notifications-api';

const notificationKeys = { list: ['notifications'] as const };
/** The menu value of the "Mark all read" item (notification ids are UUIDs, so it cannot clash). */
const READ_ALL = 'read-all';

function BellIcon(props: IconProps) {
  return (
    <Icon aria-hidden="true" focusable="false" {...props} asChild>
      <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
        <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
      </svg>
    </Icon>
  );
}

export function notificationsLabel(unread: number): string {
  return unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';
}

/** The bell in the top bar: deposits credited, withdrawals paid or reversed, challenge results. */
export default function NotificationsMenu() {
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: notificationKeys.list, queryFn: () => getNotifications(10), refetchInterval: 60_000 });
  const markRead = useMutation({
    mutationFn: markNotificationRead,
    onSuccess: (_v, id) => {
      queryClient.setQueryData<NotificationPage>(notificationKeys.list, (old) =>
        old
          ? {
              ...old,
              unreadCount: Math.max(0, old.unreadCount - (old.notifications.find((n) => n.id === id && !n.isRead) ? 1 : 0)),
              notifications: old.notifications.map((n) => (n.id === id ? { ...n, isRead: true } : n)),
            }
          : old,
      );
    },
  });

  const markAllRead = useMutation({
    mutationFn: markAllNotificationsRead,
    onSuccess: () => {
      queryClient.setQueryData<NotificationPage>(notificationKeys.list, (old) =>
        old ? { ...old, unreadCount: 0, notifications: old.notifications.map((n) => ({ ...n, isRead: true })) } : old,
      );
    },
  });

  const unread = query.data?.unreadCount ?? 0;
  // A pointer click reaches both the item's onClick and the menu's onSelect; the ref makes it one request.
  const markingAll = useRef(false);
  const markAll = () => {
    if (unread === 0 || markingAll.current) return;
    markingAll.current = true;
    markAllRead.mutate(undefined, { onSettled: () => (markingAll.current = false) });
  };
  const items = query.data?.notifications ?? [];

  return (
    <Menu.Root
      positioning={{ placement: 'bottom-end' }}
      onOpenChange={(e) => {
        if (e.open) void query.refetch();
      }}
      onSelect={(e) => {
        if (e.value === READ_ALL) return markAll();
        const n = items.find((x) => x.id === e.value);
        if (n && !n.isRead) markRead.mutate(n.id);
      }}
    >
      <Menu.Trigger asChild>
        <Button variant="ghost" size="sm" aria-label={notificationsLabel(unread)} position="relative" px={2}>
          <BellIcon />
          {unread > 0 ? (
            <Box
              as="span"
              aria-hidden="true"
              position="absolute"
              top="0"
              right="0"
              display="inline-flex"
              alignItems="center"
              justifyContent="center"
              minW="4"
              h="4"
              px="1"
              rounded="full"
              bg="red.700"
              color="white"
              fontSize="2xs"
              fontWeight="bold"
              lineHeight="1"
              textAlign="center"
            >
              {unread > 99 ? '99+' : unread}
            </Box>
          ) : null}
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="72" maxW="sm" maxH="96" overflowY="auto">
            <Menu.ItemGroup>
              <Menu.ItemGroupLabel>Notifications</Menu.ItemGroupLabel>
              {unread > 0 ? (
                <Menu.Item
                  value={READ_ALL}
                  onClick={markAll}
                  closeOnSelect={false}
                  color="brand.fg"
                  fontSize="sm"
                  justifyContent="end"
                  disabled={markAllRead.isPending}
                >
                  Mark all read
                </Menu.Item>
              ) : null}
              {markAllRead.isError ? (
                <Text px={3} py={1} fontSize="sm" color="fg.error" role="alert">
                  Could not mark all as read. Please try again.
                </Text>
              ) : null}
              {query.isPending ? (
                // skeletons for the first load
                <Stack px={3} py={2} gap={2} aria-busy="true" data-testid="notifications-loading">
                  <VisuallyHidden role="status">Loading notifications...</VisuallyHidden>
                  {[0, 1, 2].map((i) => (
                    <Skeleton key={i} h="10" rounded="md" />
                  ))}
                </Stack>
              ) : query.isError && !query.data ? (
                <>
                  <Text px={3} py={2} fontSize="sm" color="fg.error" role="alert">
                    Failed to load notifications
                  </Text>
                  <Menu.Item
                    value="retry-notifications"
                    onClick={() => void query.refetch()}
                    closeOnSelect={false}
                    color="brand.fg"
                    fontSize="sm"
                    disabled={query.isFetching}
                  >
                    {query.isFetching ? 'Retrying…' : 'Retry'}
                  </Menu.Item>
                </>
              ) : items.length === 0 ? (
                <Text px={3} py={2} fontSize="sm" color="fg.muted">
                  No notifications yet.
                </Text>
              ) : (
                items.map((n) => (
                  <Menu.Item key={n.id} value={n.id} closeOnSelect={false} alignItems="start">
                    <Stack gap={0.5} py={1}>
                      <Text fontWeight={n.isRead ? 'normal' : 'bold'} fontSize="sm">
                        {n.isRead ? null : (
                          <Box as="span" aria-hidden="true">
                            •{' '}
                          </Box>
                        )}
                        {n.title}
                        {n.isRead ? (
                          ''
                        ) : (
                          <Box as="span" srOnly>
                            {' '}
                            (unread)
                          </Box>
                        )}
                      </Text>
                      <Text fontSize="sm" color="fg.muted">
                        {n.message}
                      </Text>
                      <Text fontSize="xs" color="fg.muted">
                        {formatISTDateTimeZoned(n.createdAt)}
                      </Text>
                    </Stack>
                  </Menu.Item>
                ))
              )}
            </Menu.ItemGroup>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
