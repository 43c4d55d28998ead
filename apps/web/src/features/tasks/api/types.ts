export type {
  ApproverEntryView as TaskApprover,
  ApproverStatus,
  ContentKind,
  TaskCard,
  TaskDetail,
  TaskItem as TaskRow,
  TaskModule,
  TaskPreview,
  TaskStatus,
  TaskUser,
} from '@zc/shared/api/approvals';
