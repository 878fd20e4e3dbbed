import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'dist',
      'dist-dev',
      'dist-server',
      'data',
      'coverage',
      'test-results',
      'public/**/*.js',
    ],
  },
  ...tseslint.configs.recommended,
  {
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    // A plugin registered as an anonymous function makes fastify search require.cache for its name: under
    // jest that is a proxy over every loaded module, ~7 ms a plugin (server/http/namedScope.ts).
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.property.name='register'] > :matches(ArrowFunctionExpression, FunctionExpression).arguments",
          message: 'Register a scope with namedScope(name, routes) (server/http/namedScope.ts).',
        },
      ],
    },
  },
  prettier,
  {
    // src/api is a layer under the features (design.md §2): it never imports one; features pass in what it needs.
    files: ['src/api/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/features/**'], message: 'src/api never imports a feature.' }] },
      ],
    },
  },
);
