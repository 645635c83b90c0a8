import { DataList } from '@chakra-ui/react';

/** One labelled line of the confirmation and the receipt. */
export function WithdrawRow({ label, value, strong, mono }: { label: string; value: string; strong?: boolean; mono?: boolean }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue fontWeight={strong ? 'bold' : undefined} fontFamily={mono ? 'mono' : undefined} wordBreak="break-all">
        {value}
      </DataList.ItemValue>
    </DataList.Item>
  );
}
