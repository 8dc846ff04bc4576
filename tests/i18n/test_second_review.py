"""The second native reader's smaller findings (N9, N14–N16, images), as the catalogues now
word them: each row is a text a player met, the finding it answers and what it reads now
(`data/locale/REVIEW-27.md`). A row failing means the wording went back."""

from __future__ import annotations

import pytest

from bot.i18n import C_, N_, _, tr
from bot.ui.labels import action_label, prefix_label

ROWS = [
    # N9: the rating is not the game's score.
    ("N9", "tr", _("Ratings: {changes}.", changes="Ann 1510 (+10)"),
     "Yeni sıralama puanları: Ann 1510 (+10)."),
    ("N9", "tr", _("Not rated: {why}.", why="…"), "Sıralama puanına sayılmadı: …."),
    # N15: smaller Turkish phrasings.
    ("N15", "tr", _("I will DM you when it is your turn (if your DMs are open)."),
     "Sıra sana gelince özel mesaj atacağım (özel mesajların açıksa)."),
    ("N15", "tr", _("reminders every {hours} h", hours=12), "12 saatte bir hatırlatma"),
    ("N15", "tr", _("{player} places only 2 Targi next round", player="Ann"),
     "Ann gelecek turda yalnızca 2 Targi koyacak"),
    ("N15", "tr", N_("You have {n} away day left this month (the budget is {budget} days per "
                     "calendar month).", "You have {n} away days left this month (the budget is "
                     "{budget} days per calendar month).", 13, budget=14),
     "Bu ay kalan uzakta kalma hakkın: 13 gün (her takvim ayı için 14 gün)."),
    ("N15", "tr", C_("Targi image", "✓ raided"), "✓ bitti"),
    ("N15", "tr", C_("statistic", "Goods traded"), "Tüccar'a verilen mal"),
    ("W20", "tr", C_("statistic", "Conflicts won"), "Çat. G."),
    # N16: smaller Korean phrasings.
    ("N16", "ko", _("round {n} of {total}", n=1, total=1), "전체 1라운드 중 1라운드"),
    ("N16", "ko", _("**{game}** leaderboard ({ranked} ranked of {total} players):", game="타르기",
                    ranked=0, total=2), "**타르기** 순위표 (플레이어 2명, 순위 진입 0명):"),
    ("N16", "ko", C_("chart image", "turn"), "턴"),
    ("N16", "ko", C_("option name", "turn"), "턴"),
    ("N16", "ko", _("This game was aborted."), "이 게임은 취소됐어요."),
    # After the new features: a name carries its dynasty or colour ("Bob (하양)").
    ("F4", "ko", _("{player} draws a tribe card with Tribal Expansion (seen by {player} only)",
                   player="Bob (하양)"),
     "Bob (하양) 님이 부족 확장으로 부족 카드를 뽑았어요 (본인만 볼 수 있어요)"),
    ("F4", "tr", _("{player} draws a tribe card with Tribal Expansion (seen by {player} only)",
                   player="Bob (beyaz)"),
     "Bob (beyaz) Kabile Genişlemesi ile bir kabile kartı çekti (kartı yalnızca kendisi görüyor)"),
    ("F6", "tr", _("Everyone approved: {name}'s last move was taken back.", name="Alice (Okçu)"),
     "Herkes onayladı: Alice (Okçu) son hamlesini geri aldı."),
    # The picker's legend: green is also a tile colour ("초록 승점", "yeşil taş").
    ("F7", "ko", _("Green: the squares nearest your leaders."),
     "초록 버튼은 내 지도자에 가장 가까운 칸이에요."),
    ("F7", "tr", _("Green: the squares nearest your leaders."),
     "Yeşil düğmeler: liderlerine en yakın kareler."),
    # The T&E image's final scores: a count follows its noun's order; "Son puan" read "last point".
    ("F8", "ko", C_("T&E image", "score {n}", n=7), "최종 7점"),
    ("F8", "tr", C_("T&E image", "score {n}", n=7), "7 puan"),
    ("F8", "tr", C_("T&E image", "Final score: {n}", n=7), "Oyun sonu puanın: 7"),
    ("F9", "tr", _("This game has no AI players: invite people to its seats."),
     "Bu oyunda YZ oyuncusu yok: masaya oynayacak kişileri davet et."),
]  # fmt: skip


@pytest.mark.parametrize(("finding", "lang", "text", "now"), ROWS)
def test_the_second_reviews_phrasings_read_as_answered(
    finding: str, lang: str, text: object, now: str
) -> None:
    assert tr(text, lang) == now, finding


def test_turkish_act_labels_start_with_a_capital_and_say_which_card() -> None:
    """N4, N14: "Targi koy: 2 Hurma" read as a quantity; sub-menus started in lower case."""
    assert action_label("targi", "place 2", lang="tr") == "Targi koy: Hurma kartı (2)"
    assert prefix_label("tigris", "tile black", 12, lang="tr") == "Yerleşim taşı … (12)"
    assert prefix_label("tigris", "leader", 132, lang="tr") == (
        "Lider koy ya da yerini değiştir (132)"
    )


def test_a_korean_log_line_tells_its_events_as_sentences_not_joined_by_semicolons() -> None:
    """F10: a ping's catch-up shows log lines in every turn; Korean events end in 어요, and
    "…놓았어요; …얻었어요" is not Korean punctuation. Turkish keeps the semicolon."""
    from bot.pbp.log import LogEntry

    events = {
        "ko": (
            "Alice (궁수) 님이 I5 칸에 사원 타일을 놓았어요",
            "Bob (황소) 님이 빨강 승점 1점을 얻었어요",
        ),
        "tr": ("Alice (Okçu), I5 karesine tapınak taşı koydu", "Bob (Boğa) 1 kırmızı puan aldı"),
    }
    korean = LogEntry(3, 0, "Alice (궁수)", events["ko"], "ko").text()
    assert korean == f"3. {events['ko'][0]}. {events['ko'][1]}"
    turkish = LogEntry(3, 0, "Alice (Okçu)", events["tr"], "tr").text()
    assert turkish == f"3. {events['tr'][0]}; {events['tr'][1]}"
