import { type DadosPessoais, peopleEndpoints } from '@estante/contracts/people';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, fakeApi, Refusal, renderScreen } from '../../../test/render';
import { PersonalDataPage } from './personal-data-page';

const dados = (over: Partial<DadosPessoais> = {}): DadosPessoais => ({
  nome: 'Isabela Castro Moura',
  categoria: { codigo: '10', descricao: 'Usuário especial' },
  validade: '2026-12-20',
  cpf: '11144477735',
  email: 'isabela.moura@demo.estante.local',
  telefone: '(48) 3721-5555',
  logradouro: 'Rua Lauro Linhares, 589',
  complemento: null,
  cep: '88036001',
  cidade: 'Florianópolis',
  bairro: 'Trindade',
  documento_identidade: null,
  nacionalidade: 'Brasileira',
  genero: null,
  data_nascimento: null,
  escolaridade: null,
  lotacao: null,
  profissao: null,
  estado_civil: null,
  recebe_emails: true,
  atualizado_em: null,
  ...over,
});
const DEPARTMENTS = [
  { codigo: 2, nome: 'Direito' },
  { codigo: 1, nome: 'Pedagogia' },
];

describe('Meu Pergamum, personal data', () => {
  it('shows what the library controls read-only and the rest in the form, as held', async () => {
    fakeApi(answer(peopleEndpoints.personalData, dados()), answer(peopleEndpoints.departments, DEPARTMENTS));
    renderScreen(<PersonalDataPage />);
    const library = await screen.findByRole('region', { name: 'Dados mantidos pela biblioteca' });
    expect(library.textContent).toContain('Nome: Isabela Castro Moura');
    expect(library.textContent).toContain('Categoria: Usuário especial');
    expect(library.textContent).toContain('Vínculo válido até: 20/12/2026');
    expect(screen.queryByRole('textbox', { name: 'Nome' })).toBeNull();
    expect((screen.getByLabelText(/^Telefone/) as HTMLInputElement).value).toBe('(48) 3721-5555');
    expect((screen.getByLabelText(/^CEP/) as HTMLInputElement).value).toBe('88036-001');
    expect((screen.getByLabelText(/^CPF/) as HTMLInputElement).value).toBe('11144477735');
    await waitFor(() =>
      expect(
        within(screen.getByLabelText('Lotação (departamento)'))
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Não informado', 'Direito', 'Pedagogia']),
    );
  });

  it('refuses any other character in the phone as it is typed (spec §5, issue 55), the caret staying where it was', async () => {
    fakeApi(answer(peopleEndpoints.personalData, dados()), answer(peopleEndpoints.departments, DEPARTMENTS));
    const { user } = renderScreen(<PersonalDataPage />);
    const phone = (await screen.findByLabelText(/^Telefone/)) as HTMLInputElement;
    await user.clear(phone);
    await user.type(phone, '+55 (48) 3721-ABCD.x');
    expect(phone.value).toBe('55 (48) 3721-');
    // Sixteen characters at most: the rest is not taken either.
    await user.clear(phone);
    await user.type(phone, '(48) 99999-00001234');
    expect(phone.value).toBe('(48) 99999-00001');
    // A letter typed mid-number changes nothing, and the next digit goes where the caret was.
    await user.clear(phone);
    await user.type(phone, '(48) 3721-5555');
    await user.type(phone, 'x7', { initialSelectionStart: 5, initialSelectionEnd: 5 });
    expect(phone.value).toBe('(48) 73721-5555');
    expect(screen.queryByText(/^Telefone: somente números/)).toBeNull();
  });

  it('refuses a tax number with letters, and a phone the library holds that breaks the rule, with the rules of spec §5, and sends nothing', async () => {
    const calls = fakeApi(answer(peopleEndpoints.personalData, dados({ telefone: '48 3721 ramal 21' })), answer(peopleEndpoints.departments, DEPARTMENTS));
    const { user } = renderScreen(<PersonalDataPage />);
    const cpf = await screen.findByLabelText(/^CPF/);
    await user.clear(cpf);
    await user.type(cpf, '1114447773X');
    await user.click(screen.getByRole('button', { name: 'Salvar dados pessoais' }));
    expect(await screen.findByText('Telefone: somente números, hífen, parênteses e espaço, até 16 caracteres.')).toBeTruthy();
    expect(screen.getByText('CPF: somente números.')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Corrija os campos indicados.');
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  });

  it('sends every field at once and says it is done, the form showing what the library now holds', async () => {
    let saved: unknown;
    const calls = fakeApi(
      answer(peopleEndpoints.personalData, dados()),
      answer(peopleEndpoints.departments, DEPARTMENTS),
      answer(peopleEndpoints.savePersonalData, ({ body }) => {
        saved = body;
        return {
          mensagem: 'Dados pessoais alterados com sucesso.',
          dados: dados({ telefone: '(48) 3333-4444', logradouro: 'Rua Nova, 10', lotacao: 1, cep: '88040900', atualizado_em: '2026-11-25T10:00:00Z' }),
        };
      }),
    );
    const { user } = renderScreen(<PersonalDataPage />);
    const phone = await screen.findByLabelText(/^Telefone/);
    await user.clear(phone);
    await user.type(phone, '(48) 3333-4444');
    const street = screen.getByLabelText(/^Logradouro/);
    await user.clear(street);
    await user.type(street, 'Rua Nova, 10');
    const cep = screen.getByLabelText(/^CEP/);
    await user.clear(cep);
    await user.type(cep, '88040-900');
    await screen.findByRole('option', { name: 'Pedagogia' });
    await user.selectOptions(screen.getByLabelText('Lotação (departamento)'), 'Pedagogia');
    await user.click(screen.getByRole('button', { name: 'Salvar dados pessoais' }));
    expect((await screen.findByRole('status')).textContent).toBe('Dados pessoais alterados com sucesso.');
    expect(saved).toMatchObject({
      telefone: '(48) 3333-4444',
      logradouro: 'Rua Nova, 10',
      cep: '88040-900',
      lotacao: 1,
      cpf: '11144477735',
      email: 'isabela.moura@demo.estante.local',
      recebe_emails: true,
    });
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1);
    expect((screen.getByLabelText(/^CEP/) as HTMLInputElement).value).toBe('88040-900');
    expect(screen.getByText('Última alteração em 25/11/2026.')).toBeTruthy();
  });

  it('tells a patron without a tax number to ask the library, sends none, and says a refusal in place', async () => {
    let saved: Record<string, unknown> = {};
    fakeApi(
      answer(peopleEndpoints.personalData, dados({ cpf: null })),
      answer(peopleEndpoints.departments, DEPARTMENTS),
      answer(peopleEndpoints.savePersonalData, ({ body }) => {
        saved = body as Record<string, unknown>;
        return new Refusal(422, 'O departamento 9 não existe.', 'DepartamentoInexistente');
      }),
    );
    const { user } = renderScreen(<PersonalDataPage />);
    expect((await screen.findByRole('note')).textContent).toContain('Seu cadastro não tem CPF. Procure a biblioteca para informá-lo.');
    expect(screen.queryByRole('textbox', { name: /^CPF/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Salvar dados pessoais' }));
    expect((await screen.findByRole('alert')).textContent).toBe('O departamento 9 não existe.');
    expect('cpf' in saved).toBe(false);
  });
});
