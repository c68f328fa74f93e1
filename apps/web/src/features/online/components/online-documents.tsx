import { FileImageOutlined, FilePdfOutlined } from '@ant-design/icons';
import { onlineDocumentKinds, type OnlineCarrier } from '@dnx/shared';
import { Button, Card, Empty, List } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyFailure } from '../../../lib/notify';
import { openOnlineFile } from '../api/online-files';
import { CardHeading } from './card-heading';
import { sizeText } from './document-rules';

type OnlineFile = OnlineCarrier['files'][number];

const kindLabel = (kind: OnlineFile['kind']) => onlineDocumentKinds.find((d) => d.key === kind)?.label ?? kind;

function FileButton({ file }: { file: OnlineFile }) {
  const { t } = useTranslation();
  const [loading, setLoading] = useState(false);
  const open = () => {
    setLoading(true);
    openOnlineFile(file)
      .catch((error: unknown) => notifyFailure(error))
      .finally(() => setLoading(false));
  };
  return (
    <Button
      icon={file.content_type === 'application/pdf' ? <FilePdfOutlined /> : <FileImageOutlined />}
      loading={loading}
      onClick={open}
      aria-label={t('online.download', { name: file.name })}
      data-testid={`online-file-${file.id}`}
      style={{ maxWidth: '100%', whiteSpace: 'normal', height: 'auto', textAlign: 'start' }}
    >
      {file.name}
    </Button>
  );
}

/** A request's documents, each fetched with the bearer (never a public link) and saved under its name. */
export function OnlineDocuments({ files }: { files: readonly OnlineFile[] }) {
  const { t } = useTranslation();
  return (
    <Card title={<CardHeading>{t('online.documents')}</CardHeading>} size="small" data-testid="online-files">
      {files.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('online.noDocuments')} />
      ) : (
        <List
          dataSource={[...files]}
          rowKey={(file) => file.id}
          renderItem={(file) => (
            <List.Item>
              <List.Item.Meta
                title={kindLabel(file.kind)}
                description={
                  <>
                    <FileButton file={file} /> <span>{sizeText(file.size)}</span>
                  </>
                }
              />
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
