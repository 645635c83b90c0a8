import { CloseButton, Dialog, Portal } from '@chakra-ui/react';
import { useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import type { Challenge } from '../api/types';
import { CreateChallengeForm } from './create-challenge-form';

export interface CreateChallengeModalProps {
  open: boolean;
  onClose: () => void;
  onCreated?: (challenge: Challenge) => void;
}

/** Dashboard state asking it to open Add Funds with a notice (set when a create is refused for balance). */
export interface AddFundsPrompt {
  addFunds: true;
  notice: string;
}

/** The Create Challenge modal the navigation bar opens (SPEC.md section 5). */
export function CreateChallengeModal({ open, onClose, onCreated }: CreateChallengeModalProps) {
  const navigate = useNavigate();
  return (
    <Dialog.Root open={open} onOpenChange={(e) => !e.open && onClose()} placement="center" scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Create Challenge</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body pb={6}>
              <CreateChallengeForm
                onCancel={onClose}
                onCreated={(challenge) => {
                  onCreated?.(challenge);
                  onClose();
                }}
                onInsufficientBalance={(notice) => {
                  onClose();
                  navigate(paths.dashboard, { state: { addFunds: true, notice } satisfies AddFundsPrompt });
                }}
              />
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

export default CreateChallengeModal;
