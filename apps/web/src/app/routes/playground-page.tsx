import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Card from 'antd/es/card';
import Row from 'antd/es/row';
import Col from 'antd/es/col';
import Form from 'antd/es/form';
import Select from 'antd/es/select';
import Input from 'antd/es/input';
import Radio from 'antd/es/radio';
import Button from 'antd/es/button';
import Alert from 'antd/es/alert';
import App from 'antd/es/app';
import Tooltip from 'antd/es/tooltip';
import Typography from 'antd/es/typography';
import SendOutlined from '@ant-design/icons/SendOutlined';
import { usePlaygroundKeys } from '../../features/playground/api/get-playground-keys';
import { useUidTemplates } from '../../features/playground/api/get-uid-templates';
import { useSendPlayground } from '../../features/playground/api/send-playground';
import { STATUS_POLL, usePlaygroundMessageStatus } from '../../features/playground/api/get-message-status';
import { SendOutcome, type SendAttempt } from '../../features/playground/components/send-outcome';
import { FollowerList } from '../../features/playground/components/follower-list';
import { MessageFields } from '../../features/playground/components/message-fields';
import { forcesCustom, fromSample, toFilledPreview, toKind, toMessage, type PlaygroundValues } from '../../features/playground/components/message-model';
import { MessagePreview } from '../../components/message-preview';
import { isForbiddenError, PermissionAlert } from '../../components/permission-alert';
import { PageHeader } from '../../components/page-header';
import { ApiError } from '../../lib/api-client';
import type { OaMessage } from '@zc/shared/api/messaging';
import type { Follower } from '@zc/shared/api/followers';
import { followerPlaceholderValues, PLAYGROUND_PLACEHOLDERS } from '@zc/shared/api/playground';
import { useScope } from '../../lib/scope-context';
import { useErrorText } from '../../lib/error-text';

type Mode = 'sample' | 'custom';

/** /tenant/zns-service/playground (§2.11): followers · sample-data form · preview with send. */
export function PlaygroundPage() {
  const { t } = useTranslation('playground');
  const { t: tAccess } = useTranslation('access');
  const scope = useScope();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const tenantId = scope.tenant?.id ?? '';
  const [form] = Form.useForm<PlaygroundValues>();
  const [apiKeyId, setApiKeyId] = useState<string | undefined>();
  const [templateId, setTemplateId] = useState<string | undefined>();
  const [mode, setMode] = useState<Mode>('sample');
  const [uid, setUid] = useState('');
  // The follower picked in the list: its fields fill the preview's placeholders (the server fills
  // the message from the same synced follower when it sends).
  const [follower, setFollower] = useState<Follower | null>(null);
  const [attempt, setAttempt] = useState<SendAttempt | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const [uidError, setUidError] = useState<string | null>(null);
  const [localImage, setLocalImage] = useState<string | undefined>();
  // The playground's own key list (names and OAs) needs only the page's permission, so a role
  // without VIEW_API_KEYS (MARKETING) can still pick a key; a 403 on it degrades the field inline.
  const keys = usePlaygroundKeys(tenantId);
  const keysDenied = isForbiddenError(keys.error);
  const templates = useUidTemplates(tenantId);
  const send = useSendPlayground();
  const values = Form.useWatch([], form) as PlaygroundValues | undefined;

  const flat = useMemo(() => (templates.data ?? []).flatMap((g) => g.uidMessageTemplates.map((x) => ({ ...x, group: g.name }))), [templates.data]);
  const template = flat.find((x) => x.id === templateId);
  const kind = toKind(template?.templateType);
  const key = keys.data?.find((k) => k.id === apiKeyId);
  const effectiveMode: Mode = forcesCustom(kind) ? 'custom' : mode;

  useEffect(() => {
    if (!apiKeyId && keys.data?.[0]) setApiKeyId(keys.data[0].id);
  }, [keys.data, apiKeyId]);
  useEffect(() => {
    if (!templateId && flat[0]) setTemplateId(flat[0].id);
  }, [flat, templateId]);
  // A new template (or going back to sample mode) loads its sample data into the form.
  useEffect(() => {
    if (!template) return;
    form.resetFields();
    form.setFieldsValue(fromSample(template.exampleMessage));
    setLocalImage(undefined);
  }, [template, effectiveMode, form]);

  const recipient = follower && follower.userId === uid.trim() ? follower : null;
  const placeholderValues = useMemo(() => followerPlaceholderValues(recipient ?? { userId: uid.trim() }), [recipient, uid]);
  const filled = kind ? toFilledPreview(kind, values ?? {}, placeholderValues, localImage) : null;
  const preview = filled?.message ?? null;
  const missing = [...new Set(filled?.missing.map((m) => `{${m.placeholder}}`) ?? [])];
  const unknown = (filled?.unknown ?? []).map((u) => `{${u}}`);

  const sent = attempt?.state === 'accepted' ? attempt : null;
  const status = usePlaygroundMessageStatus(tenantId, sent?.id, sent?.startedAt ?? 0);
  // The poll's time bound, as the outcome shows it (a minute after the send without a final status).
  const timedOut = Boolean(sent && !status.data?.final && now - sent.startedAt >= STATUS_POLL.maxMs);
  useEffect(() => {
    if (!sent || status.data?.final) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.max(0, sent.startedAt + STATUS_POLL.maxMs - Date.now()) + 50);
    return () => clearTimeout(timer);
  }, [sent, status.data?.final]);

  const onSend = async () => {
    if (!uid.trim()) {
      setUidError(t('playground.uidRequired'));
      return;
    }
    if (!/^\d{1,32}$/.test(uid.trim())) {
      setUidError(t('playground.uidDigits'));
      return;
    }
    setUidError(null);
    if (!kind || !template) return;
    let v: PlaygroundValues;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    if (!apiKeyId) {
      void message.warning(t('playground.noApiKey'));
      return;
    }
    setAttempt({ state: 'sending' });
    try {
      // Sent as written: the server fills the placeholders from the synced follower.
      const accepted = await send.mutateAsync({ apiKeyId, uidTypeId: template.id, uid: uid.trim(), messageData: toMessage(kind, { ...form.getFieldsValue(true), ...v }) as OaMessage });
      setNow(Date.now());
      setAttempt({ state: 'accepted', id: accepted.id, startedAt: Date.now() });
      void message.success(t('playground.sent'));
    } catch (error) {
      setAttempt({ state: 'rejected', error });
      if (error instanceof ApiError && error.code === 'API_KEY_NOT_FOUND') void message.warning(t('playground.noApiKey'));
      else void message.error(errorText(error));
    }
  };

  return (
    <>
      <PageHeader title={t('playground.title')} />
      {keys.data && keys.data.length === 0 ? <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={t('playground.noApiKey')} description={t('playground.noKey')} /> : null}
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={7}>
          <Card title={t('playground.followers')} size="small">
            <FollowerList tenantId={tenantId} zaloOAId={key?.zaloOAId} selected={uid} onSelect={(f) => { setFollower(f); setUid(f.userId); setUidError(null); }} />
          </Card>
        </Col>
        <Col xs={24} lg={10}>
          <Card title={t('playground.sampleData')} size="small">
            <Form layout="vertical" component="div">
              <Form.Item label={t('playground.apiKey')} required>
                {keysDenied ? (
                  <PermissionAlert what={tAccess('parts.apiKeys')} testId="playground-keys-denied" compact />
                ) : (
                  <Select
                    value={apiKeyId}
                    onChange={setApiKeyId}
                    placeholder={t('playground.chooseKey')}
                    loading={keys.isPending}
                    options={(keys.data ?? []).map((k) => ({ value: k.id, label: `${k.name} · ${k.zaloOA?.name ?? ''}` }))}
                    data-testid="playground-key"
                  />
                )}
              </Form.Item>
              <Form.Item label={t('playground.messageType')} required>
                <Select
                  value={templateId}
                  onChange={(v: string) => setTemplateId(v)}
                  loading={templates.isPending}
                  options={(templates.data ?? []).map((g) => ({ label: g.name, options: g.uidMessageTemplates.map((x) => ({ value: x.id, label: t(`playground.kinds.${x.templateType}`, { defaultValue: x.name }) })) }))}
                  data-testid="playground-template"
                />
              </Form.Item>
              <Form.Item label={t('playground.mode')}>
                <Tooltip title={forcesCustom(kind) ? t('playground.stickerCustom') : undefined}>
                  <Radio.Group
                    value={effectiveMode}
                    disabled={forcesCustom(kind)}
                    onChange={(e) => setMode(e.target.value as Mode)}
                    optionType="button"
                    options={[
                      { value: 'sample', label: t('playground.modes.sample') },
                      { value: 'custom', label: t('playground.modes.custom') },
                    ]}
                  />
                </Tooltip>
              </Form.Item>
              <Form.Item label={t('playground.uid')} required validateStatus={uidError ? 'error' : undefined} help={uidError ?? t('playground.uidHint')}>
                <Input value={uid} onChange={(e) => setUid(e.target.value)} maxLength={32} inputMode="numeric" data-testid="playground-uid" />
              </Form.Item>
            </Form>
            {kind ? (
              <Form form={form} layout="vertical" key={`${templateId ?? ''}-${effectiveMode}`}>
                <MessageFields kind={kind} form={form} disabled={effectiveMode === 'sample'} tenantId={tenantId} apiKeyId={apiKeyId} uid={uid.trim()} onLocalImage={setLocalImage} />
              </Form>
            ) : null}
          </Card>
        </Col>
        <Col xs={24} lg={7}>
          <Card
            title={t('playground.preview')}
            size="small"
            extra={
              <Button type="primary" icon={<SendOutlined />} loading={send.isPending} onClick={() => void onSend()} disabled={!kind} data-testid="playground-send">
                {t('playground.send')}
              </Button>
            }
          >
            <SendOutcome attempt={attempt} status={status.data} statusError={status.error} timedOut={timedOut} />
            <MessagePreview message={preview} testId="playground-preview" />
            {missing.length > 0 ? (
              <Alert
                type="warning"
                showIcon
                style={{ marginTop: 12 }}
                data-testid="playground-placeholders-missing"
                title={recipient ? t('playground.placeholders.missing', { names: missing.join(', ') }) : t('playground.placeholders.pickFollower', { names: missing.join(', ') })}
              />
            ) : null}
            {unknown.length > 0 ? <Alert type="info" showIcon style={{ marginTop: 12 }} title={t('playground.placeholders.unknown', { names: unknown.join(', ') })} /> : null}
            <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0, fontSize: 12 }}>
              {t('playground.placeholders.hint', { names: PLAYGROUND_PLACEHOLDERS.map((p) => `{${p}}`).join(' ') })}
            </Typography.Paragraph>
          </Card>
        </Col>
      </Row>
    </>
  );
}
