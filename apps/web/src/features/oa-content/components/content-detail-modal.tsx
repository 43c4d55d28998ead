import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import Button from 'antd/es/button';
import Modal from 'antd/es/modal';
import Skeleton from 'antd/es/skeleton';
import { useContent } from '../api/get-content';
import { ContentDetail } from './content-detail';
import { ErrorResult } from '../../../components/error-result';
import { useErrorText } from '../../../lib/error-text';

/** §2.8 detail modal of a list row (loads the detail; live through the page's oa_content.changed subscription). */
export function ContentDetailModal({ tenantId, id, detailHref, onClose }: { tenantId: string; id: string | null; detailHref: (id: string) => string; onClose: () => void }) {
  const { t } = useTranslation('oa-content');
  const errorText = useErrorText();
  const content = useContent(tenantId, id);
  return (
    <Modal
      open={id !== null}
      onCancel={onClose}
      title={t('detail.title')}
      width={960}
      footer={
        id ? (
          <Link to={detailHref(id)}>
            <Button type="primary" data-testid="content-detail-open">
              {t('actions.detail')}
            </Button>
          </Link>
        ) : null
      }
      destroyOnHidden
    >
      {content.isPending ? <Skeleton active /> : content.isError ? <ErrorResult status={500} message={errorText(content.error)} /> : <ContentDetail content={content.data} />}
    </Modal>
  );
}
