import { useMemo } from 'react';
import { useSnackbar } from 'zmp-ui';
import { StatusIcon } from './components/icons';

/** Snackbars with inline icons: `ok` for a success, `fail` for an error told to the customer. */
export function useNotify() {
  const { openSnackbar } = useSnackbar();
  return useMemo(
    () => ({
      ok: (text: string) => openSnackbar({ text, prefixIcon: <StatusIcon kind="ok" />, duration: 3000 }),
      fail: (text: string) => openSnackbar({ text, prefixIcon: <StatusIcon kind="fail" />, duration: 4000 }),
    }),
    [openSnackbar],
  );
}
