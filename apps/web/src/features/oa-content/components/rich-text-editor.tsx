import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import { generateHTML, type JSONContent } from '@tiptap/core';
import StarterKit from '@tiptap/starter-kit';
import ImageExtension from '@tiptap/extension-image';
import Button from 'antd/es/button';
import Divider from 'antd/es/divider';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Form from 'antd/es/form';
import Tooltip from 'antd/es/tooltip';
import BoldOutlined from '@ant-design/icons/BoldOutlined';
import ItalicOutlined from '@ant-design/icons/ItalicOutlined';
import UnderlineOutlined from '@ant-design/icons/UnderlineOutlined';
import OrderedListOutlined from '@ant-design/icons/OrderedListOutlined';
import UnorderedListOutlined from '@ant-design/icons/UnorderedListOutlined';
import FontSizeOutlined from '@ant-design/icons/FontSizeOutlined';
import PictureOutlined from '@ant-design/icons/PictureOutlined';
import VideoCameraOutlined from '@ant-design/icons/VideoCameraOutlined';
import ShoppingOutlined from '@ant-design/icons/ShoppingOutlined';
import UndoOutlined from '@ant-design/icons/UndoOutlined';
import RedoOutlined from '@ant-design/icons/RedoOutlined';
import { ZaloProduct, ZaloVideo } from './editor-nodes';
import { blocksToHtml, docToBlocks, type BodyBlock, type DocNode } from './body-blocks';
import { ImageDialog } from './image-dialog';

/** §9: the rich-text editor's default height. */
export const EDITOR_HEIGHT = 500;

const extensions = [StarterKit.configure({ link: { openOnClick: false } }), ImageExtension, ZaloVideo, ZaloProduct];

function ToolButton({ label, icon, active, onClick, testId }: { label: string; icon: ReactNode; active?: boolean; onClick: () => void; testId?: string }) {
  return (
    <Tooltip title={label}>
      <Button type={active ? 'primary' : 'text'} size="small" icon={icon} aria-label={label} aria-pressed={active} onClick={onClick} data-testid={testId} />
    </Tooltip>
  );
}

type BlockDialog = { kind: 'video'; url: string; thumb: string } | { kind: 'product'; id: string } | null;

/**
 * The post body editor (TipTap): text with headings, bold, italic, underline, lists and links;
 * image, video and product blocks. `value` is read once per `resetKey`; every change reports the
 * body blocks Zalo takes (text blocks as HTML).
 */
export function RichTextEditor({ value, resetKey, onChange, height = EDITOR_HEIGHT, label }: { value: readonly BodyBlock[]; resetKey: string; onChange: (blocks: BodyBlock[]) => void; height?: number; label: string }) {
  const { t } = useTranslation('oa-content');
  const [imageOpen, setImageOpen] = useState(false);
  const [block, setBlock] = useState<BlockDialog>(null);
  const latest = useRef(onChange);
  useEffect(() => {
    latest.current = onChange;
  });
  const editor = useEditor({
    extensions,
    content: blocksToHtml(value),
    immediatelyRender: true,
    editorProps: { attributes: { 'aria-label': label, 'aria-multiline': 'true', role: 'textbox', 'data-testid': 'content-editor', class: 'oa-editor' } },
    onUpdate: ({ editor: e }) => {
      const doc = e.getJSON();
      latest.current(docToBlocks((doc.content ?? []) as DocNode[], (nodes) => generateHTML({ type: 'doc', content: nodes as JSONContent[] }, extensions)));
    },
  });
  // Another item loaded (the draft arrived): its body replaces the editor's content.
  const loaded = useRef(resetKey);
  useEffect(() => {
    if (loaded.current !== resetKey) {
      loaded.current = resetKey;
      editor.commands.setContent(blocksToHtml(value), { emitUpdate: false });
    }
  }, [editor, resetKey, value]);

  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      heading: e.isActive('heading', { level: 2 }),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
    }),
  });

  const chain = () => editor.chain().focus();
  const saveBlock = () => {
    if (block?.kind === 'video' && block.url.trim()) chain().insertContent({ type: 'zaloVideo', attrs: { url: block.url.trim(), thumb: block.thumb.trim() || null } }).run();
    if (block?.kind === 'product' && block.id.trim()) chain().insertContent({ type: 'zaloProduct', attrs: { productId: block.id.trim() } }).run();
    setBlock(null);
  };
  const blockValid = block?.kind === 'video' ? /^https?:\/\/\S+$/i.test(block.url.trim()) : block?.kind === 'product' ? block.id.trim() !== '' : false;

  return (
    <div className="oa-editor-frame" style={{ border: '1px solid #d9d9d9', borderRadius: 8, overflow: 'hidden', background: '#fff' }}>
      <div role="toolbar" aria-label={t('editor.toolbar')} style={{ display: 'flex', flexWrap: 'wrap', gap: 2, padding: 6, borderBottom: '1px solid #f0f0f0', background: '#fafafa' }}>
        <ToolButton label={t('editor.bold')} icon={<BoldOutlined />} active={state.bold} onClick={() => chain().toggleBold().run()} />
        <ToolButton label={t('editor.italic')} icon={<ItalicOutlined />} active={state.italic} onClick={() => chain().toggleItalic().run()} />
        <ToolButton label={t('editor.underline')} icon={<UnderlineOutlined />} active={state.underline} onClick={() => chain().toggleUnderline().run()} />
        <ToolButton label={t('editor.heading')} icon={<FontSizeOutlined />} active={state.heading} onClick={() => chain().toggleHeading({ level: 2 }).run()} />
        <ToolButton label={t('editor.bulletList')} icon={<UnorderedListOutlined />} active={state.bullet} onClick={() => chain().toggleBulletList().run()} />
        <ToolButton label={t('editor.orderedList')} icon={<OrderedListOutlined />} active={state.ordered} onClick={() => chain().toggleOrderedList().run()} />
        <Divider type="vertical" style={{ height: 24 }} />
        <ToolButton label={t('editor.image')} icon={<PictureOutlined />} onClick={() => setImageOpen(true)} testId="editor-insert-image" />
        <ToolButton label={t('editor.video')} icon={<VideoCameraOutlined />} onClick={() => setBlock({ kind: 'video', url: '', thumb: '' })} testId="editor-insert-video" />
        <ToolButton label={t('editor.product')} icon={<ShoppingOutlined />} onClick={() => setBlock({ kind: 'product', id: '' })} testId="editor-insert-product" />
        <Divider type="vertical" style={{ height: 24 }} />
        <ToolButton label={t('editor.undo')} icon={<UndoOutlined />} onClick={() => chain().undo().run()} />
        <ToolButton label={t('editor.redo')} icon={<RedoOutlined />} onClick={() => chain().redo().run()} />
      </div>
      <div style={{ height, overflowY: 'auto', padding: '8px 16px' }} onClick={() => editor.commands.focus()}>
        <EditorContent editor={editor} />
      </div>
      <ImageDialog
        open={imageOpen}
        title={t('editor.image')}
        withCaption
        onClose={() => setImageOpen(false)}
        onSave={({ url, caption }) => {
          chain().setImage({ src: url, ...(caption ? { alt: caption, title: caption } : {}) }).run();
          setImageOpen(false);
        }}
      />
      <Modal
        open={block !== null}
        title={block?.kind === 'product' ? t('editor.product') : t('editor.video')}
        okText={t('editor.insert')}
        cancelText={t('common:cancel')}
        okButtonProps={{ disabled: !blockValid, ...{ 'data-testid': 'editor-block-save' } }}
        onOk={saveBlock}
        onCancel={() => setBlock(null)}
        destroyOnHidden
      >
        <Form layout="vertical" onFinish={() => blockValid && saveBlock()}>
          {block?.kind === 'video' ? (
            <>
              <Form.Item label={t('editor.videoUrl')}>
                <Input value={block.url} onChange={(e) => setBlock({ ...block, url: e.target.value })} placeholder="https://" maxLength={2000} autoFocus />
              </Form.Item>
              <Form.Item label={t('editor.videoThumb')}>
                <Input value={block.thumb} onChange={(e) => setBlock({ ...block, thumb: e.target.value })} placeholder="https://" maxLength={2000} />
              </Form.Item>
            </>
          ) : block?.kind === 'product' ? (
            <Form.Item label={t('editor.productId')}>
              <Input value={block.id} onChange={(e) => setBlock({ ...block, id: e.target.value })} maxLength={100} autoFocus />
            </Form.Item>
          ) : null}
          <button type="submit" hidden aria-hidden />
        </Form>
      </Modal>
    </div>
  );
}
