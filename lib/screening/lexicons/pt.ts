import type { Lexicon } from "./types";

/**
 * Portuguese (Brazil and Portugal). Accents are folded before matching: "bebê/bebé" read as
 * "bebe", which is also "drinks", so they are listed inside phrases. "garota" and "moça" are
 * said of young women and are left out alone, as "girl" is in English; "menina", "menino",
 * "criança", "garoto" are in. "pelado/pelada" are also "peeled" and a street football match,
 * so they are listed after a person or an intensifier.
 */

const UNDER_18 = Array.from({ length: 17 }, (_, i) => String(i + 1)).join("|");
const UNDER_18_WORDS = "um|uma|dois|duas|três|quatro|cinco|seis|sete|oito|nove|dez|onze|doze|treze|catorze|quatorze|quinze|dezesseis|dezasseis|dezessete|dezassete";
const PERSON =
  "menina|meninas|menino|meninos|garota|garotas|garoto|garotos|moça|moças|rapaz|rapazes|jovem|jovens|filha|filhas|filho|filhos|irmã|irmão|irmãs|irmãos|sobrinha|sobrinho|neta|neto|estudante|estudantes|aluna|aluno|alunas|alunos|pessoa|modelo|modelos|atriz|ator|gêmeos|gêmeas|gémeos|gémeas|uma|um|mulher|homem|namorada|namorado|dançarina|bailarina|ginasta|jogadora|jogador|cantora|cantor|criança|crianças|adolescente";
const ANIMALS =
  "foca|focas|elefante|elefantes|girafa|girafas|panda|pandas|tigre|tigres|leão|leões|urso|ursos|golfinho|golfinhos|baleia|baleias|coala|coalas|macaco|macacos|pinguim|pinguins|tartaruga|tartarugas|lontra|lontras|coruja|canguru|hipopótamo|rinoceronte|raposa|zebra|camelo|lhama|alpaca|cabra|gorila|cachorro|gato|cavalo|dinossauro|dragão";

export const LEXICON: Lexicon = {
  lang: "pt",
  stopwords: [
    "de", "o", "que", "e", "da", "em", "um", "para", "é", "com", "não", "uma", "os", "na", "por", "mais", "dos", "como", "mas", "foi", "ao",
    "ele", "das", "tem", "à", "seu", "sua", "ou", "ser", "quando", "muito", "há", "nos", "já", "está", "eu", "também", "só", "pelo", "pela", "até",
    "isso", "ela", "entre", "depois", "sem", "mesmo", "aos", "ter", "seus", "quem", "nas", "esse", "eles", "estão", "você", "essa", "num", "nem",
    "suas", "meu", "às", "minha", "numa", "pelos", "elas", "qual", "nós", "lhe", "deles", "essas", "esses", "pelas", "este", "dele", "sobre",
  ],
  minors: [
    "criança", "crianças", "criancinha", "criancinhas", "menino", "menina", "meninos", "meninas", "menininho", "menininha", "menininhos", "menininhas",
    "garoto", "garotos", "garotinho", "garotinha", "garotinhos", "garotinhas", "moleque", "moleques", "molecote", "molecada", "pirralho", "pirralha",
    "pirralhos", "pirralhas", "guri", "guris", "gurizada", "gurizinho", "petiz", "petizes", "catraio", "catraios", "filhinho", "filhinha",
    "filhinhos", "filhinhas", "bebês", "bebés", "nenê", "neném", "nenéns", "criançada", "(filho|filha|filhos|filhas) (pequeno|pequena|pequenos|pequenas)", "festa infantil", "festas infantis", "educação infantil", "(bebê|bebé) (brincando|a brincar|mamando|a mamar|no carrinho|de fralda)", "(bebê|bebé) de (1|2|3|4|5|6|7|8|9|10|11|12|18) (meses|semanas|dias)", "lactente", "lactentes",
    "(um|o|meu|seu|nosso|este|esse|pequeno|lindo|primeiro|recém-nascido|ao|do) (bebê|bebé)", "(bebê|bebé) (dormindo|a dormir|chorando|a chorar|sorrindo|engatinhando|recém-nascido|no colo|no berço|humano|na banheira|na praia|em|com a mãe|com o pai|de colo)",
    "(um|uma|o|a|os|as|seu|sua|meu|minha|ao|do|da) (recém-nascido|recém-nascida|recém-nascidos|recém-nascidas|recém nascido|recém nascida|recém nascidos)",
    "adolescente", "adolescentes", "adolescência", "pré-adolescente", "pré-adolescentes", "púbere", "púberes", "impúbere", "pré-púbere",
    "menor de idade", "menores de idade", "(os|as|dois|duas|três|vários|várias|uns|umas) menores", "menores de (18|dezoito|16|14|12) anos",
    "pedófilo", "pedófilos", "pedofilia", "pederasta", "pedo", "lolicon", "loli", "shota",
    "colegial", "colegiais", "escoteiro", "escoteiros", "escoteira", "escoteiras", "ensino fundamental", "ensino médio", "ensino básico", "escola primária",
    "escolas primárias", "jardim de infância", "creche", "creches", "pré-escola", "pré-escolar", "berçário", "escolinha",
    "(aluno|aluna|alunos|alunas|estudante|estudantes) (do|da|de) (primário|fundamental|ensino fundamental|ensino médio|ensino básico|escola primária|primeira série|segunda série|quinta série|sexta série|oitava série)",
    "(primeiro|segundo|terceiro|quarto|quinto|sexto|sétimo|oitavo|nono) ano do (ensino fundamental|fundamental|ensino básico)", "(1º|2º|3º|4º|5º|6º|7º|8º|9º) ano (do fundamental|do ensino fundamental)",
    "(modelo|modelos|concurso de beleza|coral|time|futebol|moda|roupa|pornografia|desfile) infantil", "(modelos|concursos|corais) infantis", "primeira comunhão", "festa de quinze anos", "debutante", "debutantes",
    `(${PERSON}) de (${UNDER_18}|${UNDER_18_WORDS}) (anos|aninhos|meses)`, `(${UNDER_18}|${UNDER_18_WORDS}) aninhos`,
    `(tem|tinha|fez|completou|completa|faz|fará) (${UNDER_18}|${UNDER_18_WORDS}) anos`, `(de|com) (${UNDER_18}|${UNDER_18_WORDS}) anos de idade`,
    `aos (${UNDER_18}|${UNDER_18_WORDS}) anos`,
  ],
  sexual: [
    "nu", "nua", "nus", "nuas", "nudez", "(mulher|mulheres|homem|homens|menina|meninas|garota|garotas|moça|moças|corpo|corpos|casal|modelo|modelos|dançarina) (nu|nua|nus|nuas|pelado|pelada|pelados|peladas|despida|despido)",
    "(completamente|totalmente|toda|todo|tudo|inteiramente) (nu|nua|nus|nuas|pelado|pelada|pelados|peladas|despida|despido)", "(ficar|fica|ficam|ficou|ficando) (pelado|pelada|pelados|peladas|nua|nu)",
    "nudista", "nudistas", "naturista", "naturistas", "nudismo", "naturismo", "praia de nudismo", "sem roupa", "sem roupas", "sem nenhuma roupa", "sem calcinha",
    "(tirando|tira|tiram|tirou|tirar|tirando toda|tira toda|tirou toda) a roupa", "se despe", "se despindo", "despindo-se", "despida", "despidas", "desnuda", "desnudo",
    "topless", "seios (nus|à mostra|de fora|expostos|descobertos)", "peitos (de fora|nus|à mostra)", "mamilos", "mamilo", "pênis", "pénis", "vagina", "vaginas", "vulva",
    "clitóris", "testículos", "genitais", "órgãos genitais", "órgãos sexuais", "partes íntimas", "pau duro", "buceta", "bucetas", "xoxota", "xereca", "ereção",
    "sexo", "sexual", "sexuais", "sexualmente", "sexualizado", "sexualizada", "sexualizados", "sexualizadas", "relação sexual", "relações sexuais", "ato sexual",
    "transando", "transar", "transam", "transou", "foder", "fodendo", "fodem", "fodeu", "fazer amor", "fazendo amor", "fazem amor", "fizeram amor", "faz amor",
    "pornô", "porno", "pornografia", "pornográfico", "pornográfica", "pornográficos", "pornográficas", "erótico", "erótica", "eróticos", "eróticas", "erotismo",
    "orgasmo", "orgasmos", "masturba*", "ejacula*", "sexo oral", "sexo anal", "boquete", "boquetes", "felação", "cunnilingus", "orgia", "orgias", "sêmen", "esperma",
    "stripper", "strippers", "striptease", "strip-tease", "puta", "putas", "putaria", "vadia", "vadias", "vibrador", "vibradores", "brinquedo erótico",
    "estupro", "estupros", "estuprada", "estuprado", "estupradas", "estuprar", "estupram", "estuprador", "estupradores", "abuso sexual", "incesto", "zoofilia",
    "bestialidade", "hentai", "nsfw", "xxx", "explícito", "explícita", "explícitos", "explícitas", "conteúdo adulto", "filme adulto", "filme pornô", "safadeza",
    "tesão", "excitada sexualmente", "onlyfans", "bdsm", "bondage", "voyeur", "voyeurismo", "exibicionista", "exibicionismo",
  ],
  graphicViolence: [
    "gore", "mutila*", "desmembra*", "decapita*", "degola*", "esquarteja*", "eviscera*", "estripado", "estripada", "estripados", "esfolado", "esfolada", "esfolados",
    "tortur*", "sessão de tortura", "câmara de tortura",
    "execução (pública|sumária|extrajudicial)", "execuções (públicas|sumárias|extrajudiciais|em massa)",
    "(executar|executa|executam|executou|executaram|executando) (o|os|a|as|um|uma|) (prisioneiro|prisioneiros|preso|presos|refém|reféns|condenado|condenados|civis|soldados|traidor|traidores|homem|homens|mulher|mulheres)",
    "(prisioneiro|prisioneiros|preso|presos|refém|reféns|condenado|condenados|homem|homens|mulher|mulheres|soldado|soldados|civis|traidor|traidores|vítima|vítimas) (é|são|foi|foram|sendo|) (executado|executada|executados|executadas|fuzilado|fuzilada|fuzilados|enforcado|enforcada|enforcados|decapitado|decapitada|linchado|linchada|apedrejado|apedrejada)",
    "fuzila*", "pelotão de fuzilamento", "cadeira elétrica", "câmara de gás", "câmaras de gás", "injeção letal", "guilhotinado", "guilhotinada", "enforcamento",
    "enforcamentos", "(se enforcou|se enforca|enforcou-se|enforca-se)", "forca pública", "apedrejamento", "apedrejamentos", "apedrejado", "apedrejada", "apedrejados",
    "apedrejar", "apedrejam", "lapidação", "linchamento", "linchamentos", "linchado", "linchada", "linchados", "linchar", "lincham", "empalado", "empalada", "empalados",
    "(espancado|espancada|espancados|espancadas|esfaqueado|esfaqueada|apedrejado|estrangulado|estrangulada|queimado|queimada|torturado|torturada|pisoteado|pisoteada|chutado|chutada|surrado|surrada) até a morte",
    "(espanca|espancam|espancou|espancaram|espancando|esfaqueia|esfaqueiam|esfaqueou|chuta|chutam|chutou|tortura|torturam|torturou|surra|surram) (ele|ela|eles|o homem|a mulher|um homem|uma mulher|a vítima|o prisioneiro|alguém|outro|outra|o rapaz|um morador de rua) até (a morte|morrer|matá-lo|matá-la)",
    "até (matá-lo|matá-la|matá-los|matá-las)", "a pauladas", "a marretadas", "a machadadas", "a pedradas", "a facadas", "a coronhadas", "a golpes de (faca|machado|facão|martelo|taco)",
    "(morto|morta|mortos|mortas|assassinado|assassinada|matou|mataram|mata|matam) (a|com) (socos e chutes|tiros na cabeça|golpes de facão)",
    "(queimado|queimada|queimados|queimadas|queimar|queima|queimam|queimou|queimaram|queimando) (vivo|viva|vivos|vivas)", "(queimam|queima|queimou|queimaram|queimar|queimando) (o|a|os|as|um|uma) (prisioneiro|prisioneiros|prisioneira|bruxa|bruxas|homem|mulher|herege|hereges|refém|reféns|vítima|aldeões|cativo|cativos) (vivo|viva|vivos|vivas)", "(enterrado|enterrada|enterrados|enterrar) (vivo|viva|vivos|vivas)",
    "(esfolado|esfolada|cozido|cozida|comido|comida) (vivo|viva)", "(atear|ateiam|ateou|atearam) fogo (em|no|na|a) (um|uma|o|a|) (homem|mulher|pessoa|prisioneiro|vítima|morador)",
    "(esfaqueado|esfaqueada|esfaqueados|apunhalado|apunhalada) (repetidamente|várias vezes|dezenas de vezes|muitas vezes)", "(várias|dezenas de|vinte|múltiplas|inúmeras) facadas",
    "(cortar|corta|cortam|cortou|cortaram|cortando|arrancar|arranca|arrancou) a cabeça", "(cabeça|cabeças) (cortada|cortadas|decepada|decepadas|arrancada|arrancadas|decapitada)",
    "decepar", "decepado", "decepada", "decepados", "decepadas", "decepou", "decepam", "(cortar|corta|cortou|cortam|cortando) a garganta", "garganta cortada", "(cortar|corta|cortou|cortando) o pescoço",
    "(braços|pernas|mãos|dedos|membros|orelhas|língua) (cortados|cortadas|decepados|decepadas|arrancados|arrancadas)",
    "(arrancar|arranca|arrancou|arrancam|arrancando|arrancaram) (os olhos|o coração|as unhas|a pele|a língua|as tripas)", "olhos arrancados", "unhas arrancadas", "coração arrancado",
    "(cadáver|cadáveres|corpo|corpos|restos|vítima|vítimas) (ensanguentado|ensanguentados|ensanguentada|ensanguentadas|esquartejado|esquartejados|esquartejada|mutilado|mutilados|mutilada|carbonizado|carbonizados|em decomposição|putrefato|putrefatos|desmembrado|desmembrados|dilacerado|dilacerados)",
    "(coberto|coberta|cobertos|cobertas|banhado|banhada|encharcado|encharcada|ensopado|ensopada|lambuzado) de sangue", "(poça|poças|rio|rios|banho|mar|lago) de sangue",
    "banho de sangue", "sangue (por toda parte|para todo lado|pra todo lado|espirrando|jorrando|esguichando|nas paredes|escorrendo pelas paredes)", "(crânio|crânios) (esmagado|esmagados|rachado|aberto|estourado|partido|afundado)", "(esmaga|esmagou|esmagam|racha|rachou|abre|abriu|estoura|estourou) (o|seu|lhe o) crânio", "(arrastado|arrastada|arrastados) (por|atrás de|amarrado a) (um|uma|o|a) (carro|cavalo|caminhão|camião|moto|caminhonete)", "cena de (uma|) execução", "despedaçad*", "estraçalhad*", "(corpo|corpos|cadáver|cadáveres|vítima|homem|mulher) (cortado|cortada|cortados|feito|feita|despedaçado|despedaçada) em pedaços", "(devorado|devorada|devorados) (vivo|viva|vivos)", "respingos de sangue", "jatos de sangue",
    "miolos (espalhados|estourados|para todo lado|pra todo lado)", "(estourou|estoura|estouram|estouraram) os miolos", "(tiro|tiros|bala|balas) na (cabeça|cara|nuca)",
    "(atira|atirou|atiram|atiraram|disparou|dispara|dispararam|atirando) (no|na|) (refém|prisioneiro|vítima|) (na|em sua) (cabeça|cara|nuca)", "(atira|atirou|atiram|atiraram|disparou|dispara) na (cabeça|cara|nuca)", "à queima-roupa na (cabeça|cara)", "ferimentos? de bala", "ferimentos? à bala", "feridas? abertas?", "osso exposto", "ossos expostos", "fratura exposta", "carne humana", "restos humanos", "partes de corpos",
    "canibal*", "massacre", "massacres", "massacrado", "massacrada", "massacrados", "massacrar", "chacina", "chacinas", "genocídio", "genocídios", "limpeza étnica",
    "matança", "matanças", "carnificina", "tiroteio (em|numa|na) (escola|uma escola|igreja|shopping)", "massacre escolar", "assassinato em massa", "assassinatos em massa",
    "vala comum", "valas comuns", "atentado (terrorista|suicida)", "atentados terroristas", "homem-bomba", "suicid*", "automutilação", "automutilar",
    "cortar os pulsos", "corta os pulsos", "cortou os pulsos", "cortando os pulsos", "tirou a própria vida", "crueldade animal", "maus-tratos a animais", "atrocidades",
    "snuff", "(tripas|vísceras|intestinos) (para fora|pra fora|expostas|expostos|espalhadas|espalhados)", "vísceras",
    "brutalmente (assassinado|assassinada|espancado|espancada|torturado|torturada|esfaqueado|esfaqueada)", "assassinato brutal", "morte brutal",
  ],
  likeness: [
    "deepfake*", "deep fake", "troca de (rosto|rostos|cara|caras)", "face swap", "faceswap",
    "(trocar|troca|troque|substituir|substitua|substitui|colocar|coloque|coloca|botar|bota|bote|pôr|põe) (o|meu|seu|o meu|o seu|a|minha|sua) (rosto|cara)",
    "com o rosto (de|do|da)", "sósia", "sósias", "(se passando|se passar|se passa|passando-se|fingindo ser) por", "clone de voz", "voz clonada", "clonar a voz",
    "roubo de identidade", "o papa", "ao papa", "do papa", "papa (francisco|leão|bento|joão paulo)", "o santo padre", "sua santidade", "o sumo pontífice",
    "(o|ao|do) presidente (dos estados unidos|dos eua|americano|norte-americano|russo|chinês|francês|ucraniano|argentino|do brasil|da república|da rússia|da china|da frança|de portugal|de angola|de moçambique|turco|iraniano)",
    "(o|ao|do) (primeiro-ministro|primeiro ministro) (britânico|português|israelense|israelita|indiano|japonês|canadense|canadiano|de portugal|do reino unido)",
    "(o|ao|do) rei (da inglaterra|de inglaterra|charles|carlos|felipe)", "(a|à|da) rainha (da inglaterra|de inglaterra|elizabeth|isabel)", "a família real britânica",
    "(o|ao|do) chanceler alemão", "(o|ao|do) líder supremo (do irã|do irão|iraniano)", "o homem mais rico do mundo",
    "(fundador|dono|ceo|criador|presidente) (da|do) (tesla|spacex|microsoft|apple|amazon|meta|openai|google|nvidia|facebook|twitter)",
  ],
  negators: ["não", "sem", "nem", "nenhum", "nenhuma", "nunca", "jamais", "evite", "evitar", "evitando", "exceto", "zero", "nada", "tampouco"],
  exceptions: [
    "(fenômeno|fenómeno|fenômenos|evento|efeito|episódio|ano|corrente) (el niño|la niña)", "(fenômeno|fenómeno|efeito|evento) (do|de) el niño",
    "desenho infantil", "desenhos infantis", "desenho de criança", "desenhos de criança", "(desenho|desenhos|rabisco|rabiscos) (feito|feitos) por (uma|um|meu|minha|seu|sua) (criança|filho|filha|menino|menina)",
    "brincadeira de criança", "criança interior", "menina dos (meus|seus|teus) olhos",
    `(bebê|bebês|bebé|bebés) (${ANIMALS})`, `(${ANIMALS}) (bebê|bebés|bebê|bebé)`,
    "(gatinho|gatinhos|filhote|filhotes|potro|potros|bezerro|bezerros|cordeiro|cordeiros|pintinho|pintinhos) (recém-nascido|recém-nascidos|recém nascido|recém nascidos|recém-nascida|recém-nascidas)",
    "nua e crua", "nu e cru", "verdade nua", "olho nu", "a olho nu", "(de|com o|com) peito nu", "peito nu", "tronco nu", "torso nu", "pés nus", "de pés nus", "braços nus",
    "ombros nus", "paredes nuas", "parede nua", "árvores nuas", "árvore nua", "galhos nus", "terra nua", "rocha nua", "pelada de futebol", "jogar uma pelada", "jogando pelada",
    "(batom|batons|esmalte|tom|tons|cor|sapato|sapatos|salto|saltos|maquiagem|sombra) nude", "sexo (masculino|feminino|oposto)", "(de|do) sexo (masculino|feminino|oposto)", "ambos os sexos",
    "bloody mary", "execução (do plano|musical|perfeita|impecável|técnica)", "(cortar|corta|cortou) a cabeça (do|de um|de uma|da) (peixe|boneco|manequim|melão|melancia|espantalho|alho|frango)",
  ],
};
