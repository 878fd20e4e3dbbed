import { GlobalOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useIntl } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { LANGUAGES } from './Language';

import { languageChosen, selectLanguage } from './languageSlice';

/** The language menu of spec §2: English, Deutsch, Français, Italian. */
export function LanguageMenu() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const current = useAppSelector(selectLanguage);
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [current],
        items: LANGUAGES.map((language) => ({
          key: language,
          label: intl.formatMessage({ id: `language.${language}` }),
        })),
        onClick: ({ key }) => {
          const language = LANGUAGES.find((candidate) => candidate === key);
          if (language) dispatch(languageChosen(language));
        },
      }}
    >
      <Button
        type="text"
        style={{ color: 'inherit' }}
        icon={<GlobalOutlined />}
        aria-label={intl.formatMessage({ id: 'language.menu' })}
      >
        {current.toUpperCase()}
      </Button>
    </Dropdown>
  );
}
