import { Dropdown } from 'antd';
import { useState, type ReactElement } from 'react';
import { useIntl } from 'react-intl';
import { AntdTheme } from '../../theme/AntdTheme';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { LANGUAGES } from './Language';
import { languageChosen, selectLanguage } from './languageSlice';

/**
 * antd's Dropdown (in antd's theme) with the four languages around the menu's button; LanguageMenu loads it
 * on first use, open.
 */
export function LanguageDropdown({ children }: { children: ReactElement }) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const current = useAppSelector(selectLanguage);
  const [open, setOpen] = useState(true);
  return (
    <AntdTheme>
      <Dropdown
        trigger={['click']}
        open={open}
        onOpenChange={setOpen}
        menu={{
          selectable: true,
          selectedKeys: [current],
          items: LANGUAGES.map((language) => ({
            key: language,
            label: intl.formatMessage({ id: `language.${language}` }),
          })),
          onClick: ({ key }) => {
            setOpen(false);
            const language = LANGUAGES.find((candidate) => candidate === key);
            if (language) dispatch(languageChosen(language));
          },
        }}
      >
        {children}
      </Dropdown>
    </AntdTheme>
  );
}
