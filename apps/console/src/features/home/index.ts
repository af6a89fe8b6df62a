/** What other areas use from home: the community's status chip. Other features import this file only. */
export { StackStatusChip } from './components/stack-status-chip.tsx';
