import { Button, Menu, Portal, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { UserIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';

export interface ProfileMenuProps {
  firstName: string;
  /** Called each time the menu opens (the navbar refreshes the user then). */
  onOpen: () => void;
  onLogout: () => void;
}

export default function ProfileMenu({ firstName, onOpen, onLogout }: ProfileMenuProps) {
  return (
    <Menu.Root
      positioning={{ placement: 'bottom-end' }}
      onOpenChange={(e) => {
        if (e.open) onOpen();
      }}
      onSelect={(e) => {
        if (e.value === 'logout') onLogout();
      }}
    >
      <Menu.Trigger asChild>
        <Button variant="ghost" size="sm" aria-label={`${firstName}: profile menu`}>
          <UserIcon />
          <Text as="span" maxW="32" truncate>
            {firstName}
          </Text>
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="44">
            <Menu.Item value="profile" asChild>
              <RouterLink to={paths.profile}>Profile</RouterLink>
            </Menu.Item>
            <Menu.Item value="settings" asChild>
              <RouterLink to={paths.settings}>Settings</RouterLink>
            </Menu.Item>
            <Menu.Separator />
            <Menu.Item value="logout" color="fg.error">
              Logout
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
