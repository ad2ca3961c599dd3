# As palavras do Tessera em português do Brasil. Mesmas mensagens (ids) de en.ftl.

## Comum

ok = OK
back = < Voltar
back-menu = < Menu
back-levels = < Fases
back-levels-tip = Voltar à lista de fases (Esc)
back-editor = < Editor
back-editor-tip = Voltar ao editor (Esc); o que não foi salvo se perde
undo = Desfazer
redo = Refazer
restart = Recomeçar
hint = Dica
hint-tip = H: confere a posição; de novo: qual peça, onde ela vai, coloca-a
turn-left-tip = Girar para a esquerda (R, roda do mouse, clique direito, toque)
turn-right-tip = Girar para a direita (Shift+R)
flip = Virar
flip-tip = Espelhar (F, toque duplo)
tip = Tombar
tip-tip = Tombar um quarto de volta para longe de você (F, toque duplo)
copy-code = Copiar código
copy-code-tip = Copiar o código de compartilhamento desta fase
code-close = Esconder o código
code-shown = Código para compartilhar:
copied = copiado
error = { $why }

## Menu principal

menu-tagline = Monte a figura com as peças.
menu-play = Jogar
menu-daily = Desafios do dia, { $date }
daily-tangram = Tangram
daily-pentominoes = Pentaminós
daily-edges = Bordas
daily-level = { $family }, { $day }, { $date }
day-1 = segunda-feira
day-2 = terça-feira
day-3 = quarta-feira
day-4 = quinta-feira
day-5 = sexta-feira
day-6 = sábado
day-7 = domingo
date = { $day } de { $month } de { $year }
month-1 = janeiro
month-2 = fevereiro
month-3 = março
month-4 = abril
month-5 = maio
month-6 = junho
month-7 = julho
month-8 = agosto
month-9 = setembro
month-10 = outubro
month-11 = novembro
month-12 = dezembro
menu-streak = Sequência diária: { $days ->
    [one] { $days } dia
   *[other] { $days } dias
}
menu-create = Criar
menu-create-tip = Crie suas próprias fases
menu-settings = Configurações
menu-stats = Estatísticas
stats-title = Estatísticas
stats-all = Todos os pacotes
stats-solved = Resolvidas: { $solved } de { $levels }
stats-unhinted = Sem dicas: { $n }
stats-fastest = Mais rápida: { $time } ({ $level })
stats-dailies = Desafios diários resolvidos: { $n }
stats-streak = Sequência diária: { $days ->
    [one] { $days } dia
   *[other] { $days } dias
} (melhor: { $best })
stats-none = Nada resolvido ainda: cada fase que você resolver é contada aqui.
menu-quit = Sair
pack-not-loaded = Pacote de fases não carregado: { $why }
save-unreadable-kept = Não foi possível ler seu arquivo de progresso ({ $why }). Ele foi guardado como { $path } e um novo foi iniciado.
save-unreadable = Não foi possível ler seu arquivo de progresso ({ $why }). Um novo foi iniciado.
save-failed = Não foi possível salvar o progresso em { $path }: { $why }

## Lista de fases

packs-title = Pacotes de fases
back-packs = < Pacotes
packs-last = jogado por último
fit-board = Ajustar
fit-board-tip = Mostrar o tabuleiro inteiro (0; amplie com a roda sobre o tabuleiro, + e -, ou com dois dedos)
levels-code-hint = Cole um código ou uma lista de peças
levels-open-code = Abrir código
levels-solved = { $done }/{ $total } resolvidas
levels-by = por { $author }
levels-legend = ★ dificuldade, de 1 (suave) a 5 (difícil)  ·  ✔ resolvida, com seu melhor tempo (ou recorde)  ·  bloqueada: resolva fases anteriores, ou a primeira para abrir todas
levels-legend-ladder = ★ dificuldade, de 1 (suave) a 5 (difícil)  ·  ✔ resolvida, com seu melhor tempo  ·  bloqueada: resolva o degrau de baixo para abri-la
levels-locked = bloqueada
pack-daily = Desafios do dia
pack-mine = Minhas fases
pack-shared = Fases compartilhadas
code-bad = Não foi possível abrir este código: { $why }
code-empty = Não foi possível abrir este código: ele está vazio.
code-too-long = Não foi possível abrir este código: é longo demais para um código de fase.
code-damaged = Não foi possível abrir este código: ele está danificado (um caractere foi trocado, perdido ou cortado).
code-newer = Este código foi feito por um Tessera mais novo: atualize o jogo para abri-lo.
code-unplayable = Este código traz uma fase que não pode ser jogada: a própria solução não a completa, ou as peças não carregam.
code-not-ours = Isto não é um código de fase do Tessera.
code-opened-but = A fase abriu, mas { $why }

## Configurações

settings-title = Configurações
settings-size = Tamanho da interface
settings-sound = Som
settings-motion = Reduzir movimento
settings-motion-tip = As peças saltam para o lugar; sem animações
settings-edges = Bordas suaves
settings-edges-tip = Desligadas, uma amostra por pixel em vez de quatro: menos trabalho para um aparelho lento, bordas mais ásperas
settings-clock = Mostrar o relógio durante o jogo
settings-clock-tip = Escondido, o tempo continua contando e aparece quando o nível é resolvido; a tela parada deixa de ser redesenhada a cada segundo (menos bateria)
settings-theme = Aparência
theme-system = Como o sistema
theme-dark = Escura
theme-light = Clara
settings-language = Idioma
settings-tutorial = Jogar o tutorial de novo
progress-title = Seu progresso:
progress-export = Exportar
progress-import = Importar
progress-copy = Copiar código
progress-import-how-web = Escolha um arquivo de progresso ou cole um código de progresso.
progress-import-how = Solte um arquivo de progresso nesta janela, ou cole o caminho dele ou um código de progresso.
progress-choose = Escolher arquivo…
progress-paste = Código de progresso
progress-import-go = Importar
progress-pasted = o texto colado
progress-exported = Progresso exportado: { $where }. Copiar código também o copia como texto.
progress-export-failed = Não foi possível exportar o progresso: { $why }
progress-imported = Progresso importado (nada do que era seu se perdeu). Níveis resolvidos pela primeira vez: { $solved }. Recordes melhorados: { $better }. Pacotes de níveis adicionados: { $packs }.
progress-import-refused = Nada foi importado: { $why }

## Jogando

hud-moves = { $moves ->
    [0] 0 jogadas
    [one] { $moves } jogada
   *[other] { $moves } jogadas
}
hud-edit = Editar
hud-edit-tip = Abrir esta fase no editor
hud-3d-help = Arraste a face de uma peça para deslizá-la, toque para girá-la; arraste em volta para olhar
hud-optional = Casas marcadas com um anel podem ficar vazias
thermometer-tip = Toque no termômetro para ver o que ele mede
progress-help-figure = O termômetro: metade pela parte da figura que suas peças preenchem, metade pela parte do contorno que elas traçam, contando só as peças que estão dentro da figura sem se sobrepor. Chega a 100% quando a figura está resolvida.
progress-help-cells = O termômetro: a parte das casas do tabuleiro que suas peças preenchem sem se sobrepor. Chega a 100% quando o tabuleiro está resolvido.
progress-help-cells-optional = O termômetro: a parte das casas que precisam ser preenchidas (todas menos as marcadas com anel) que suas peças preenchem sem se sobrepor. Casas com anel podem ficar vazias. Chega a 100% quando o tabuleiro está resolvido.
progress-help-cells-painted = O termômetro: a parte das casas do tabuleiro que suas peças preenchem sem se sobrepor. Uma peça conta só onde cada quadrado pintado dela fica sobre uma casa pintada da mesma cor ou sem pintura (um quebra-cabeça pode parear outras cores). Chega a 100% quando o tabuleiro está resolvido.
progress-help-cells-optional-painted = O termômetro: a parte das casas que precisam ser preenchidas (todas menos as marcadas com anel) que suas peças preenchem sem se sobrepor. Casas com anel podem ficar vazias. Uma peça conta só onde cada quadrado pintado dela fica sobre uma casa pintada da mesma cor ou sem pintura (um quebra-cabeça pode parear outras cores). Chega a 100% quando o tabuleiro está resolvido.
progress-help-score = Os pontos: os lados entre peças vizinhas cujas cores se encontram, de todos esses lados. O tabuleiro termina quando todas as peças estão no lugar, mesmo com lados que não combinam; jogue de novo para bater seu recorde.
progress-help-sides = O termômetro: a parte dos lados entre peças vizinhas cujas cores se encontram. Chega a 100% quando todas as peças estão no lugar e todos os lados combinam.
overlap = sobreposição
lab = Laboratório
lab-tip = Laboratório: rode os resolvedores neste quebra-cabeça e veja o que eles acham
lab-title = Laboratório de resolvedores
lab-about = Resolva este quebra-cabeça com a busca exata ou com os programas lineares iterados de Kovalsky, Glasner e Basri.
lab-exact = Busca exata
lab-lp = LP (Algoritmo 1)
lab-close = Fechar o laboratório
lab-show = Mostrar
lab-show-tip = Reproduz suas iterações, se houver, e depois mostra sobre o tabuleiro a disposição que ele encontrou (sua próxima jogada a esconde)
lab-playing = Iteração { $i } de { $n }: cada peça aparece esmaecida conforme sua parte daquela posição na matriz P
lab-running = Calculando…
lab-solved = { $method }: resolvido — { $work }, { $time }
lab-unsolved = { $method }: não resolvido — { $work }, { $time }
lab-live = { $method }: { $work } até agora, achado em { $time }
lab-stop = Parar
lab-best = Melhor pontuação
lab-about-best = Persiga a melhor pontuação deste tabuleiro: o resolvedor coloca todas as peças e guarda o tabuleiro com mais lados casados, por até dez minutos. Mostrar põe o melhor dele sobre o seu.
lab-score = { $score } de { $max } lados casados
lab-nodes = { $n } nós
lab-lp-work = { $n ->
    [one] { $n } programa linear
   *[other] { $n } programas lineares
}, { $count } variáveis, sem permutação
lab-lp-work-perm = { $n ->
    [one] { $n } programa linear
   *[other] { $n } programas lineares
}, { $count } variáveis, uma permutação
watch = Assistir
watch-stop = Parar
watch-tip = W: assistir o resolvedor buscar esta figura
watch-solver = Assistindo o resolvedor…
watch-sdp = Assistindo o SDP convergir…
watch-solver-step = Assistindo o resolvedor… passo { $shown }
watch-sdp-step = Assistindo o SDP convergir… programa semidefinido { $shown }
watch-solver-found = O resolvedor achou uma solução depois de { $steps } passos.
watch-solver-stopped = O resolvedor parou depois de { $steps } passos sem solução.
watch-sdp-solved = O SDP chegou a posto um depois de { $steps ->
    [one] { $steps } programa semidefinido
   *[other] { $steps } programas semidefinidos
}: resolvido.
watch-sdp-stopped = O SDP parou depois de { $steps ->
    [one] { $steps } programa semidefinido
   *[other] { $steps } programas semidefinidos
} sem chegar a posto um.
hint-fine = Sua posição está boa: tudo o que você colocou pode ficar. Peça de novo para ver a próxima peça.
hint-lift = { $count ->
    [one] A figura não pode ser completada com a peça marcada onde está: tire-a.
   *[other] A figura não pode ser completada com as peças marcadas onde estão: tire estas { $count }.
}
hint-lift-unsure = Não tenho certeza: tirando { $count ->
    [one] a peça marcada
   *[other] as { $count } peças marcadas
} a figura pode ser completada, mas o resolvedor ficou sem tempo antes de descartar tirar menos.
hint-unsure = Não tenho certeza: o resolvedor ficou sem tempo antes de saber se a sua posição pode ser completada.
hint-here = Ela vai aqui. Peça de novo para colocá-la.
hint-placed = Colocada onde vai. Desfazer a tira de volta.
hint-thinking = Pensando…
hint-next = Esta peça agora. Peça de novo para ver onde.
hint-done = A figura está completa.
hint-none = Nenhuma dica encontrada para esta posição.
hint-failed = Sem dica: { $why }
hint-lost = O resolvedor não respondeu a tempo. Peça de novo para recomeçar.

## Fases de policubos

layers = Camadas
layers-less-tip = Esconder a camada de cima
layers-more-tip = Mostrar mais uma camada
zoom = Zoom
zoom-out-tip = Afastar (roda do mouse, pinça)
zoom-in-tip = Aproximar (roda do mouse, pinça)
piece = Peça
piece-in-out = Entra/sai
piece-in-out-tip = Colocar na caixa, ou tirar (Enter, botão de baixo)
piece-roll = Rolar
piece-roll-tip = Rolar para o lado (T, botão da direita)
piece-up = Subir
piece-up-tip = Uma camada acima (Page Up, gatilho superior direito)
piece-down = Descer
piece-down-tip = Uma camada abaixo (Page Down, gatilho superior esquerdo)
refused = Não dá para mover para lá: { $why }
blocked-outside = ela sairia da caixa
blocked-overlap = outra peça está no caminho
blocked-no-room = não há espaço livre para ela, girada assim
layer-bottom = base
layer-top = topo
layer-n = camada { $layer }

## Resolvido

solved-title = Resolvido!
solved-laid = Todas as peças no lugar!
solved-line = { $name }  ·  tempo { $time }  ·  { $moves ->
    [0] 0 jogadas
    [one] { $moves } jogada
   *[other] { $moves } jogadas
}
solved-best = Novo melhor tempo!
solved-score = Pontos: { $score } de { $max }  ·  recorde { $best }
solved-next = Próxima fase >
solved-replay = Jogar de novo
solved-levels = Fases

## Tutorial

intro-step = Como jogar · passo { $n } de { $total }
intro-done-title = Pronto
intro-tiles-place = Casamento de bordas: cada peça tem quatro lados coloridos. Arraste uma peça para o tabuleiro.
intro-tiles-match = Peças que se tocam devem mostrar a mesma cor e o mesmo símbolo nos lados que se encontram. Coloque uma peça ao lado de outra de modo que combinem (uma barra vermelha marca os lados que não combinam).
intro-tiles-turn = Estas peças giram: clique com o botão direito, toque duas vezes ou pressione R, até que os lados combinem com os vizinhos.
intro-tiles-frame = Os lados escuros ficam contra a moldura do tabuleiro: peças de borda têm um, peças de canto têm dois. Ponha uma peça na borda com o lado escuro para fora.
intro-tiles-done = Preencha todas as casas de modo que cada lado combine com o vizinho e com a moldura.
intro-solid-in = Policubos: encaixe as peças na caixa. Escolha uma peça na bandeja e pressione Entra/sai (ou arraste-a para um painel de camada abaixo da vista) para colocá-la.
intro-solid-slide = Deslize-a: arraste uma das faces na vista 3D, ou arraste-a nos painéis de camadas.
intro-solid-turn = Gire-a: toque nela na vista 3D, ou use Rolar, Tombar ou os botões de girar.
intro-solid-look = Olhe em volta: arraste o espaço vazio ao redor da caixa (ou dois dedos, ou o analógico direito).
intro-solid-layers = Veja por dentro: pressione − ao lado de Camadas para esconder a camada de cima (+ a mostra de novo).
intro-solid-done = Preencha todos os cubos da caixa com as peças.
tut-step = Tutorial · passo { $n } de { $total }
tut-skip = Pular tutorial
tut-close = Fechar
tut-done-title = Tutorial concluído
tut-done = Você já conhece os controles. Preencha a figura com todas as peças!
tut-move-mouse = Arraste uma peça até a figura com o mouse.
tut-move-touch = Arraste uma peça até a figura com o dedo.
tut-move-pad = Mova o cursor com o analógico esquerdo, aperte A (baixo) para pegar uma peça, leve-a e aperte A de novo para soltá-la.
tut-move-keys = Aperte Tab para escolher uma peça e mova-a com as setas.
tut-turn-mouse = Gire uma peça: clique nela com o botão direito, ou use a roda do mouse sobre ela (ou aperte R).
tut-turn-touch = Gire uma peça: toque nela para escolhê-la e toque de novo (ou mantenha o dedo sobre ela, ou gire dois dedos sobre ela).
tut-turn-pad = Gire a peça: aperte X (esquerda) ou os gatilhos superiores.
tut-turn-keys = Gire a peça escolhida: aperte R (Shift+R gira para o outro lado).
tut-flip-mouse = Vire uma peça: aperte F, ou o botão Virar abaixo.
tut-flip-touch = Vire uma peça: toque duas vezes nela, ou use o botão Virar abaixo.
tut-flip-pad = Vire a peça: aperte Y (cima).
tut-flip-keys = Vire a peça escolhida: aperte F.
tut-hint-mouse = Empacou? Clique em Dica abaixo: ela mostra qual peça vem agora.
tut-hint-touch = Empacou? Toque em Dica abaixo: ela mostra qual peça vem agora.
tut-hint-pad = Empacou? Aperte Select para uma dica: ela mostra qual peça vem agora.
tut-hint-keys = Empacou? Aperte H para uma dica: ela mostra qual peça vem agora.
tut-undo-mouse = Volte sua última jogada: clique em Desfazer abaixo (Ctrl+Z).
tut-undo-touch = Volte sua última jogada: toque em Desfazer abaixo.
tut-undo-pad = Volte sua última jogada: aperte o gatilho esquerdo.
tut-undo-keys = Volte sua última jogada: aperte Ctrl+Z.

## Editor

editor-title = Criar uma fase
editor-about = Monte peças, pinte um tabuleiro ou colora peças quadradas; o resolvedor diz na hora se sua fase tem solução e se a solução é única.
editor-new-figure = Nova figura com peças
editor-new-board = Novo tabuleiro para preencher
editor-new-edge = Novo quebra-cabeça de bordas
editor-coloured-tiles = Peças coloridas
editor-from-svg = Figura a partir de um desenho SVG das peças
editor-svg-hint = caminho/do/desenho.svg
editor-open-svg = Abrir desenho
editor-mine = Minhas fases ({ $count })
editor-mine-empty = As fases que você salvar aparecem aqui e na lista de fases.
editor-copied = Código de { $name } copiado.
editor-really-delete = Apagar mesmo
editor-keep = Manter
editor-delete = Apagar
editor-name = Nome
editor-save = Salvar
editor-save-play = Salvar e jogar
editor-save-play-tip = Salvar e depois jogar
editor-drag-help = Arraste peças para o quadrado: juntas elas desenham a figura.
editor-clear = Limpar
editor-clear-tip = Todas as peças de volta para fora da tela
editor-all-pieces = Todas as peças
editor-all-pieces-tip = Ligado: a fase usa o conjunto inteiro. Desligado: só as peças no quadrado.
editor-width = Largura
editor-height = Altura
editor-areas = { $n } casas pintadas, as partes escolhidas cobrem { $of }
editor-parts = Partes:
editor-paint-cells = Clique ou arraste sobre as casas para pô-las no tabuleiro ou tirá-las.
editor-ring = Marcar casas
editor-ring-tip = Ligado, clicar ou arrastar marca casas com um anel, as que podem ficar vazias (ou tira o anel)
editor-columns = Colunas
editor-rows = Linhas
editor-colours = Cores
editor-tiles-turn = Peças giram
editor-generate = Gerar
editor-generate-tip = Colorir todos os lados de novo, ao acaso
editor-paint-with = Pintar com:
editor-paint-sides = Clique num lado para pintá-lo; o lado vizinho da outra peça acompanha, e a grade continua resolvida.
editor-no-pieces = Coloque peças no quadrado: juntas elas desenham a figura.
editor-use-all = Coloque todas as peças do conjunto, ou desmarque “Todas as peças”.
editor-overlap = Duas peças se sobrepõem: as peças de uma figura só se tocam pelas bordas.
editor-no-parts = Escolha pelo menos uma parte.
editor-no-cells = Pinte as casas do tabuleiro.
editor-unsolved = A fase ainda não tem solução, então não pode ser salva.
editor-solving = Resolvendo…
editor-wait = Aguarde o veredito: a fase é salva depois que o resolvedor a julgar.
editor-saved = Salva como { $id }.
editor-deleted = { $id } apagada.
verdict-unsolvable = sem solução
verdict-not-found = nenhuma solução em { $n } nós (não provado)
verdict-unique = única
verdict-more = { $n }+ soluções
verdict-count = { $n } soluções
verdict-at-least = pelo menos { $n } solução(ões) (não provado que são todas)
verdict-scored = jogado por pontos: o tabuleiro de referência casa { $n } de { $max } lados
verdict-difficulty = { $verdict } · dificuldade { $difficulty }
family-tangram = dissecção
family-polyomino = tabuleiro
family-edge = casamento de bordas
set-tangram = Tangram
set-tpuzzle = Quebra-cabeça T
set-egg = Ovo
set-heart = Coração
set-circle = Círculo
set-pentominoes = Pentaminós
set-tetrominoes = Tetraminós
set-hexominoes = Hexaminós
set-hexiamonds = Hexiamantes (triângulos)
set-tetrahexes = Tetra-hexes (hexágonos)
set-pentahexes = Penta-hexes (hexágonos)
set-soma = Cubo Soma (3D)
set-tetracubes = Tetracubos (3D)

# O cartão das teclas de um nível (F1 ou ?).
keys-title = Teclas
keys-button-tip = As teclas (F1)
keys-tab = Tab, Shift+Tab
keys-tab-does = Selecionar a próxima peça ou a anterior
keys-enter = Enter
keys-enter-does = Pegar a peça selecionada; de novo: largá-la
keys-enter-solid = Pôr a peça selecionada na caixa, ou de volta na bandeja
keys-arrows = Setas
keys-arrows-does = Mover a peça uma casa (um passo curto numa figura)
keys-arrows-solid = Deslizar a peça uma casa pelo chão
keys-page = Page Up, Page Down
keys-page-does = Subir ou descer a peça uma camada
keys-roll = T, Shift+T
keys-roll-does = Rolar a peça um quarto de volta
keys-escape = Esc
keys-escape-does = Devolver a peça pegada; senão, voltar aos níveis
keys-turn = R, Shift+R
keys-turn-does = Girar a peça para a esquerda ou a direita
keys-flip = F
keys-flip-does = Virar a peça
keys-tip-does = Tombar a peça para longe
keys-hint = H, W
keys-hint-does = Dica (de novo: mais); ver o resolvedor
keys-undo = Ctrl+Z, Ctrl+Y, Ctrl+R
keys-undo-does = Desfazer, refazer, recomeçar
keys-zoom = +, -, 0
keys-zoom-does = Aproximar, afastar, ajustar o tabuleiro
keys-toolbar = F6
keys-toolbar-does = Para a barra de ferramentas (Tab, Enter) e de volta ao tabuleiro
keys-help = F1, ?
keys-help-does = Este cartão
keys-in-toolbar = Barra de ferramentas: Tab até um botão, Enter para apertá-lo, Esc ou F6 de volta ao tabuleiro

# O que um leitor de tela diz de um nível enquanto acontece.
said-level = { $name }: { $pieces } peças. Tab seleciona uma peça, F1 lista as teclas.
said-picked = Peça { $piece } de { $pieces } selecionada
said-placed = Peça { $piece } posta; a figura está { $percent }% feita
said-solved = Resolvido em { $time }, { $moves ->
    [one] um movimento
   *[other] { $moves } movimentos
}
