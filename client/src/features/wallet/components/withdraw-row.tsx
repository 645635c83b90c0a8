import { DataList } from '@chakra-ui/react';

/** One labelled line of the confirmation and the receipt. */
export function WithdrawRow({ label, value, strong, mono, testId }: { label: string; value: string; strong?: boolean; mono?: boolean; testId?: string }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue fontWeight={strong ? 'bold' : undefined} fontFamily={mono ? 'mono' : undefined} wordBreak="break-all" data-testid={testId}>
        {value}
      </DataList.ItemValue>
    </DataList.Item>
  );
}
