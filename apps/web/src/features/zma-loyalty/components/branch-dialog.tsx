import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Modal from 'antd/es/modal';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import Radio from 'antd/es/radio';
import Checkbox from 'antd/es/checkbox';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import App from 'antd/es/app';
import { ZMA_BRANCH_TYPES, ZMA_STATUSES, type ZmaBranchType, type ZmaStatus } from '@zc/shared/api/zma';
import type { ZmaBranch } from '@zc/shared/api/zma-loyalty';
import { applyFieldErrors } from '../../../lib/form-errors';
import { useErrorText } from '../../../lib/error-text';
import { useSaveBranch, useStaffOptions } from '../api/loyalty';
import { dayHoursError, fromWeekHours, toWeekHours, WEEK_ORDER, type WeekHours } from '../branch-form';

interface BranchFormValues {
  type: ZmaBranchType;
  name: string;
  address?: string;
  phone?: string;
  status: ZmaStatus;
  staffUserIds: string[];
  hours: WeekHours;
}

/** §7 branch create / edit: name, type, address, phone, opening hours per weekday, staff, status. */
export function BranchDialog({ open, branch, canPickStaff, onClose }: { open: boolean; branch: ZmaBranch | null; canPickStaff: boolean; onClose: () => void }) {
  const { t } = useTranslation('zma-loyalty');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const [form] = Form.useForm<BranchFormValues>();
  const save = useSaveBranch();
  const staff = useStaffOptions(open && canPickStaff);
  const [failure, setFailure] = useState<string | null>(null);

  const close = () => {
    setFailure(null);
    onClose();
  };

  const onFinish = async (v: BranchFormValues) => {
    setFailure(null);
    const body = {
      type: v.type,
      name: v.name.trim(),
      address: v.address?.trim() || null,
      phone: v.phone?.trim() || null,
      status: v.status,
      openingHours: fromWeekHours(v.hours),
      ...(canPickStaff ? { staffUserIds: v.staffUserIds } : {}),
    };
    try {
      await save.mutateAsync({ id: branch?.id, body });
      void message.success(branch ? t('branch.updated') : t('branch.created'));
      close();
    } catch (error) {
      if (applyFieldErrors(form, error, ['type', 'name', 'address', 'phone', 'status', 'staffUserIds'])) return;
      setFailure(errorText(error));
    }
  };

  const initial: BranchFormValues = {
    type: branch?.type ?? 'BRANCH',
    name: branch?.name ?? '',
    address: branch?.address ?? '',
    phone: branch?.phone ?? '',
    status: branch?.status ?? 'ACTIVE',
    staffUserIds: branch?.staff.map((s) => s.userId) ?? [],
    hours: toWeekHours(branch?.openingHours ?? []),
  };

  return (
    <Modal
      open={open}
      title={branch ? t('branch.edit') : t('branch.create')}
      onCancel={close}
      destroyOnHidden
      width={640}
      data-testid="branch-dialog"
      footer={[
        <Button key="cancel" onClick={close}>
          {t('common:cancel')}
        </Button>,
        <Button key="ok" type="primary" loading={save.isPending} onClick={() => form.submit()} data-testid="branch-submit">
          {t('common:save')}
        </Button>,
      ]}
    >
      {failure ? <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} /> : null}
      <Form form={form} layout="vertical" initialValues={initial} onFinish={(v) => void onFinish(v)}>
        <Form.Item name="name" label={t('branch.fields.name')} rules={[{ required: true, whitespace: true, message: t('branch.nameRequired') }, { max: 120 }]}>
          <Input autoFocus maxLength={120} showCount data-testid="branch-name" />
        </Form.Item>
        <Form.Item name="type" label={t('branch.fields.type')}>
          <Radio.Group options={ZMA_BRANCH_TYPES.map((v) => ({ value: v, label: t(`branchType.${v}`) }))} data-testid="branch-type" />
        </Form.Item>
        <Form.Item name="address" label={t('branch.fields.address')} rules={[{ max: 500 }]}>
          <Input maxLength={500} data-testid="branch-address" />
        </Form.Item>
        <Form.Item name="phone" label={t('branch.fields.phone')} rules={[{ pattern: /^[+\d][\d\s.-]{5,29}$/, message: t('branch.phoneInvalid') }]}>
          <Input maxLength={30} inputMode="tel" data-testid="branch-phone" />
        </Form.Item>
        <Form.Item label={t('branch.fields.openingHours')} required={false}>
          <div role="group" aria-label={t('branch.fields.openingHours')}>
            {WEEK_ORDER.map((day) => (
              <Flex key={day} gap={8} align="start" wrap style={{ marginBottom: 4 }}>
                <Form.Item name={['hours', day, 'open']} valuePropName="checked" noStyle>
                  <Checkbox style={{ width: 110, paddingTop: 4 }} data-testid={`branch-day-${day}`}>
                    {t(`weekday.${day}`)}
                  </Checkbox>
                </Form.Item>
                <Form.Item noStyle shouldUpdate>
                  {({ getFieldValue }) => {
                    const isOpen = Boolean(getFieldValue(['hours', day, 'open']));
                    return (
                      <Flex gap={4} align="start">
                        <Form.Item name={['hours', day, 'from']} style={{ marginBottom: 0 }}>
                          <Input type="time" disabled={!isOpen} aria-label={t('branch.opensAt', { day: t(`weekday.${day}`) })} style={{ width: 110 }} />
                        </Form.Item>
                        <Form.Item
                          name={['hours', day, 'to']}
                          style={{ marginBottom: 0 }}
                          dependencies={[['hours', day, 'from'], ['hours', day, 'open']]}
                          rules={[
                            {
                              validator: async () => {
                                const d = getFieldValue(['hours', day]) as WeekHours[number] | undefined;
                                const problem = d ? dayHoursError(d) : null;
                                if (problem) throw new Error(t(`branch.hoursError.${problem}`));
                              },
                            },
                          ]}
                        >
                          <Input type="time" disabled={!isOpen} aria-label={t('branch.closesAt', { day: t(`weekday.${day}`) })} style={{ width: 110 }} />
                        </Form.Item>
                      </Flex>
                    );
                  }}
                </Form.Item>
              </Flex>
            ))}
          </div>
        </Form.Item>
        {canPickStaff ? (
          <Form.Item name="staffUserIds" label={t('branch.fields.staff')}>
            <Select
              mode="multiple"
              allowClear
              loading={staff.isLoading}
              optionFilterProp="label"
              placeholder={t('branch.staffPlaceholder')}
              options={(staff.data ?? []).map((u) => ({ value: u.userId, label: u.displayName || u.email || u.userId }))}
              data-testid="branch-staff"
            />
          </Form.Item>
        ) : null}
        <Form.Item name="status" label={t('branch.fields.status')}>
          <Select options={ZMA_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))} data-testid="branch-status" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
