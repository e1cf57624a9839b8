//! Reading and writing `kind = "meta"` definitions (see
//! `ipd::strategies::defined::meta`): the `rule` that turns the team's
//! moves into one, with its parameters (`distribution` of a mixer, the
//! memory-decay numbers), and the team: a `team` list of references (built-in
//! ids, strategy file names or paths, inline tables) or a named `group`
//! resolved here from the catalogue and the shipped files.

use super::fields::record_letters;
use super::{
    Chain, Read, ReferenceError, Spans, builtin_text, definition_toml, player_from_value, record,
    shipped_player,
};
use crate::ipd::strategies::catalogue::Origin;
use crate::ipd::strategies::defined::meta::{Decay, GROUPS, Group, Meta, MetaRule, RULES};
use crate::ipd::strategies::defined::shipped::{SHIPPED, find_shipped};
use crate::ipd::strategies::defined::{Body, Place, moves_text, parse_moves};
use crate::ipd::strategies::{CATALOGUE, Player, PlayerSpec};
use crate::scenario::error::ScenarioError;
use crate::scenario::reader::{TableReader, parse_float, parse_integer};
use toml::de::DeValue;

/// The members of a named group: every catalogue strategy with its default
/// parameters, then every shipped file, in catalogue order, meta players
/// left out (as axelrod's `MetaPlayer` removes them from any team), kept
/// when the group admits them.
fn group_members(group: Group, chain: &mut Chain) -> Result<Vec<Player>, ReferenceError> {
    let mut members = Vec::new();
    for info in CATALOGUE.iter() {
        let player = PlayerSpec::new(info.id)
            .build()
            .map_err(|e| ReferenceError::Here(e.to_string()))?;
        if group.admits(&player) {
            members.push(player);
        }
    }
    for file in SHIPPED.iter().filter(|f| f.kind != "meta") {
        let player = shipped_player(file, chain)?;
        if group.admits(&player) {
            members.push(player);
        }
    }
    Ok(members)
}

/// The definition's fields after `kind`, `name` and the common ones.
pub(super) fn read_meta(
    reader: &mut TableReader<'_>,
    spans: &mut Spans,
    chain: &mut Chain,
) -> Read {
    let start = reader.span().start;
    let rule_text = reader.string("rule")?.ok_or_else(|| {
        reader.error(
            start,
            "rule",
            format!(
                "missing; say how the team's moves become one (allowed: {})",
                RULES.join(", ")
            ),
        )
    })?;
    record(spans, &Place::Field("rule"), rule_text.span.clone(), "rule");
    let group_text = reader.string("group")?;
    let team_list = reader.array("team")?;
    let (team, group) = match (team_list, group_text) {
        (Some(list), None) => {
            record(spans, &Place::Field("team"), list.span.clone(), "team");
            let mut team = Vec::with_capacity(list.value.len());
            for (i, item) in list.value.iter().enumerate() {
                let field = reader.field(&format!("team[{i}]"));
                team.push(player_from_value(reader.source(), &field, item, chain)?);
            }
            (team, None)
        }
        (None, Some(name)) => {
            record(spans, &Place::Field("team"), name.span.clone(), "group");
            let Some(group) = Group::parse(&name.value) else {
                return Err(reader.error(
                    name.span.start,
                    "group",
                    format!(
                        "unknown group `{}` (allowed: {})",
                        name.value,
                        GROUPS.join(", ")
                    ),
                ));
            };
            let members = group_members(group, chain)
                .map_err(|e| e.at(|message| reader.error(name.span.start, "group", message)))?;
            (members, Some(group))
        }
        (Some(list), Some(_)) => {
            return Err(reader.error(
                list.span.start,
                "team",
                "give either `team` (a list of strategies) or `group` (a named group), not both",
            ));
        }
        (None, None) if rule_text.value == "memory-decay" => {
            // axelrod's default start strategy.
            let tft = PlayerSpec::new("tit-for-tat")
                .build()
                .map_err(|e| reader.error(start, "team", e.to_string()))?;
            (vec![tft], None)
        }
        (None, None) => {
            return Err(reader.error(
                start,
                "team",
                format!(
                    "missing; give `team` (a list of strategy ids, file names or inline tables) \
                     or `group` (one of: {})",
                    GROUPS.join(", ")
                ),
            ));
        }
    };
    let rule = match rule_text.value.as_str() {
        "majority" => MetaRule::Majority,
        "minority" => MetaRule::Minority,
        "winner" => MetaRule::Winner,
        "winner-ensemble" => MetaRule::WinnerEnsemble,
        "nice-winner" => MetaRule::NiceWinner,
        "nice-winner-ensemble" => MetaRule::NiceWinnerEnsemble,
        "hunter" => MetaRule::Hunter,
        "mixer" => {
            let weights = match reader.array("distribution")? {
                None => None,
                Some(list) => {
                    record(
                        spans,
                        &Place::Field("distribution"),
                        list.span.clone(),
                        "distribution",
                    );
                    let mut weights = Vec::with_capacity(list.value.len());
                    for item in list.value {
                        let weight = match item.get_ref() {
                            DeValue::Integer(i) => parse_integer(i).map(|n| n as f64),
                            DeValue::Float(f) => parse_float(f),
                            _ => None,
                        };
                        match weight {
                            Some(w) => weights.push(w),
                            None => {
                                return Err(reader.error(
                                    item.span().start,
                                    "distribution",
                                    "expected a list of weights (finite numbers), one per team \
                                     member",
                                ));
                            }
                        }
                    }
                    Some(weights)
                }
            };
            MetaRule::Mixer(weights)
        }
        "memory-decay" => {
            let mut number = |key: &'static str, default: f64| -> Result<f64, ScenarioError> {
                Ok(match reader.number(key)? {
                    Some(v) => {
                        record(spans, &Place::Field(key), v.span.clone(), key);
                        v.value
                    }
                    None => default,
                })
            };
            let p_delete = number("p_delete", 0.1)?;
            let p_alter = number("p_alter", 0.03)?;
            let loss = number("loss", -2.0)?;
            let gain = number("gain", 1.0)?;
            let duration = reader.count("duration", 0)?.map_or(15, |d| d.value);
            let memory = match reader.string("memory")? {
                None => Vec::new(),
                Some(text) => {
                    record_letters(spans, &text, |i| Place::FieldChar("memory", i), "memory");
                    match parse_moves(&text.value, |i| Place::FieldChar("memory", i), "memory") {
                        Ok(moves) => moves,
                        Err(e) => return Ok(Err(e)),
                    }
                }
            };
            MetaRule::MemoryDecay(Decay {
                p_delete,
                p_alter,
                loss,
                gain,
                duration,
                memory,
            })
        }
        other => {
            return Err(reader.error(
                rule_text.span.start,
                "rule",
                format!("unknown rule `{other}` (allowed: {})", RULES.join(", ")),
            ));
        }
    };
    Ok(Meta::new(team, group, rule).map(|m| Body::Meta(Box::new(m))))
}

/// A team member as written back: a built-in as `id` or `id:key=value`, a
/// shipped file by its id, any other definition inline.
fn member_value(player: &Player) -> toml::Value {
    match &player.origin {
        Origin::Defined {
            reference,
            definition,
        } => match find_shipped(reference) {
            Some(file) if file.id == reference => toml::Value::String(reference.clone()),
            _ => toml::Value::Table(definition_toml(definition)),
        },
        Origin::Builtin(_) => toml::Value::String(builtin_text(player)),
    }
}

/// The fields of a meta definition, as `read_meta` reads them back.
pub(super) fn write_meta(meta: &Meta, t: &mut toml::Table) {
    use toml::Value;
    t.insert("rule".into(), Value::String(meta.rule.name().into()));
    match meta.group {
        Some(group) => {
            t.insert("group".into(), Value::String(group.name().into()));
        }
        None => {
            let team = meta.team.iter().map(member_value).collect();
            t.insert("team".into(), Value::Array(team));
        }
    }
    if let Some(slow) = meta.declared_long_run_time {
        t.insert("long_run_time".into(), Value::Boolean(slow));
    }
    match &meta.rule {
        MetaRule::Mixer(Some(weights)) => {
            let list = weights.iter().map(|w| Value::Float(*w)).collect();
            t.insert("distribution".into(), Value::Array(list));
        }
        MetaRule::MemoryDecay(decay) => {
            t.insert("p_delete".into(), Value::Float(decay.p_delete));
            t.insert("p_alter".into(), Value::Float(decay.p_alter));
            t.insert("loss".into(), Value::Float(decay.loss));
            t.insert("gain".into(), Value::Float(decay.gain));
            t.insert("duration".into(), Value::Integer(decay.duration.into()));
            if !decay.memory.is_empty() {
                t.insert("memory".into(), Value::String(moves_text(&decay.memory)));
            }
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::strategy_file::read_text as read;
    use crate::scenario::strategy_file::{resolve_text, round_trip};

    #[test]
    fn meta_definitions_read_and_round_trip() {
        let texts = [
            "kind = \"meta\"\nname = \"m\"\nrule = \"majority\"\nteam = [\"tit-for-tat\", \"random:p=0.3\", { kind = \"cycle\", name = \"c\", cycle = \"CD\" }, \"fortress3\"]\n",
            "kind = \"meta\"\nname = \"m\"\nrule = \"mixer\"\ndistribution = [0.25, 0.75]\nteam = [\"cooperator\", \"defector\"]\nlong_run_time = false\n",
            "kind = \"meta\"\nname = \"m\"\nrule = \"memory-decay\"\np_delete = 0.2\nmemory = \"CD\"\n",
            "kind = \"meta\"\nname = \"m\"\nrule = \"nice-winner-ensemble\"\ngroup = \"memory-one\"\n",
        ];
        for text in texts {
            let (first, again) = round_trip(text);
            let (Body::Meta(a), Body::Meta(b)) = (&first.body, &again.body) else {
                panic!("not meta: {text}");
            };
            assert_eq!(a.rule, b.rule);
            assert_eq!(a.team.len(), b.team.len());
            assert_eq!(first.is_stochastic(), again.is_stochastic());
            assert_eq!(first.long_run_time(), again.long_run_time());
        }
    }

    #[test]
    fn meta_groups_follow_the_catalogue_classifiers() {
        use crate::ipd::strategies::defined::meta::Meta;
        let team = |group: &str| -> Vec<Player> {
            let d = read(&format!(
                "kind = \"meta\"\nname = \"m\"\nrule = \"majority\"\ngroup = \"{group}\"\n"
            ))
            .unwrap();
            let Body::Meta(meta) = d.body else { panic!() };
            let meta: Meta = *meta;
            meta.team
        };
        let ordinary = team("ordinary");
        assert!(ordinary.iter().all(|p| p.id() != "meta-hunter"));
        assert!(ordinary.iter().any(|p| p.id() == "fortress3"));
        let one = team("memory-one");
        assert!(one.iter().all(|p| p.memory_depth().is_some_and(|d| d <= 1)));
        let finite = team("finite-memory").len();
        let long = team("long-memory").len();
        assert_eq!(finite + long, ordinary.len());
        let stochastic = team("stochastic").len();
        let deterministic = team("deterministic").len();
        assert_eq!(stochastic + deterministic, ordinary.len());
        assert!(
            one.len() > 30 && stochastic > 50,
            "{} {stochastic}",
            one.len()
        );
    }

    #[test]
    fn meta_mistakes_are_placed() {
        let e = read("kind = \"meta\"\nname = \"m\"\nrule = \"majority\"\nteam = [\"tit-for-tat\", \"grudgr\"]\n")
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("memory.toml:4:24") && e.contains("did you mean `grudger`"),
            "{e}"
        );
        let e = read("kind = \"meta\"\nname = \"m\"\nrule = \"mixer\"\nteam = [\"cooperator\", \"defector\"]\ndistribution = [0.5, 0.6]\n")
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("memory.toml:5:16") && e.contains("sum to 1"),
            "{e}"
        );
        let e = read("kind = \"meta\"\nname = \"m\"\nrule = \"winer\"\nteam = [\"cooperator\"]\n")
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("memory.toml:3:8") && e.contains("unknown rule"),
            "{e}"
        );
        let e = read("kind = \"meta\"\nname = \"m\"\nrule = \"majority\"\ngroup = \"nice\"\n")
            .unwrap_err()
            .to_string();
        assert!(e.contains("unknown group `nice`"), "{e}");
        let e = read("kind = \"meta\"\nname = \"m\"\nrule = \"majority\"\nteam = [\"cooperator\"]\ndistribution = [1]\n")
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("memory.toml:5:1") && e.contains("unknown field"),
            "{e}"
        );
    }

    #[test]
    fn a_meta_file_that_contains_itself_is_refused() {
        let dir = std::env::temp_dir().join(format!("dilemma-meta-loop-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let meta = |member: &str| {
            format!(
                "kind = \"meta\"\nname = \"m\"\nrule = \"majority\"\nteam = [\"cooperator\", \"{member}\"]\n"
            )
        };
        std::fs::write(dir.join("a.toml"), meta("./b.toml")).unwrap();
        std::fs::write(dir.join("b.toml"), meta("./a.toml")).unwrap();
        std::fs::write(dir.join("self.toml"), meta("./self.toml")).unwrap();
        std::fs::write(dir.join("ok.toml"), meta("./c.toml")).unwrap();
        std::fs::write(dir.join("c.toml"), meta("defector")).unwrap();
        for (file, line) in [("a.toml", "b.toml:4:23"), ("self.toml", "self.toml:4:23")] {
            let e = resolve_text(
                &dir.join(file).display().to_string(),
                &dir,
                &mut Chain::default(),
            )
            .unwrap_err()
            .text(file);
            assert!(e.contains("in a loop") && e.contains(line), "{e}");
        }
        let ok = resolve_text(
            &dir.join("ok.toml").display().to_string(),
            &dir,
            &mut Chain::default(),
        )
        .unwrap_or_else(|e| panic!("{}", e.text("ok")));
        assert!(!ok.is_stochastic());
        std::fs::remove_dir_all(&dir).ok();
    }
}
