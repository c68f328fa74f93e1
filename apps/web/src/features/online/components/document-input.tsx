import { onlineDocumentTypes } from '@dnx/shared';
import { Typography } from 'antd';
import { useEffect, useRef, type InputHTMLAttributes } from 'react';
import { sizeText } from './document-rules';

type NativeProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'type'>;

export interface DocumentInputProps extends NativeProps {
  value?: File;
  onChange?: (file: File | undefined) => void;
}

/**
 * A document field of a form: the browser's own file input (one file; labelled, focusable and usable on a phone),
 * holding the picked `File` as the field's value. Emptied when the form is reset.
 */
export function DocumentInput({ value, onChange, ...native }: DocumentInputProps) {
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (!value && input.current) input.current.value = '';
  }, [value]);
  return (
    <div className="document-input">
      <input
        {...native}
        ref={input}
        type="file"
        accept={onlineDocumentTypes.join(',')}
        onChange={(event) => onChange?.(event.target.files?.[0])}
      />
      {value && (
        <Typography.Text type="secondary" className="document-input-size">
          {sizeText(value.size)}
        </Typography.Text>
      )}
    </div>
  );
}
