//! Sound effects for pick-up, snap and solve. The sounds are synthesised here at start-up
//! (plain sine tones with a decay, written as WAV in memory): no asset files to credit. They
//! react to the game's messages (a piece picked up, a placement that snapped, a level solved);
//! placement and judging do not know about sound.

use crate::game::meta::save::SaveState;
use crate::game::shared::LevelSolved;
use crate::game::shared::{PiecePicked, PiecePlaced};
use bevy::audio::{AudioPlayer, AudioSource, PlaybackSettings};
use bevy::prelude::*;

#[derive(Resource)]
struct Sounds {
    pick: Handle<AudioSource>,
    snap: Handle<AudioSource>,
    solve: Handle<AudioSource>,
}

pub struct AudioPlugin;

impl Plugin for AudioPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(Startup, make_sounds).add_systems(PostUpdate, play);
    }
}

const RATE: u32 = 44_100;

/// Notes (frequency Hz, start s, length s) mixed into a 16-bit mono WAV file.
pub fn synth(notes: &[(f32, f32, f32)]) -> Vec<u8> {
    let end = notes.iter().map(|n| n.1 + n.2).fold(0.0, f32::max);
    let n = (end * RATE as f32) as usize + 1;
    let mut samples = vec![0f32; n];
    for &(f, start, len) in notes {
        let s0 = (start * RATE as f32) as usize;
        for i in 0..(len * RATE as f32) as usize {
            let t = i as f32 / RATE as f32;
            let env = (1.0 - t / len).max(0.0).powi(2) * (t * 400.0).min(1.0);
            if let Some(s) = samples.get_mut(s0 + i) {
                *s += 0.35 * env * (std::f32::consts::TAU * f * t).sin();
            }
        }
    }
    let data: Vec<u8> = samples.iter().flat_map(|s| ((s.clamp(-1.0, 1.0) * 32767.0) as i16).to_le_bytes()).collect();
    let mut wav = Vec::with_capacity(44 + data.len());
    wav.extend_from_slice(b"RIFF");
    wav.extend_from_slice(&(36 + data.len() as u32).to_le_bytes());
    wav.extend_from_slice(b"WAVEfmt ");
    wav.extend_from_slice(&16u32.to_le_bytes());
    wav.extend_from_slice(&1u16.to_le_bytes()); // PCM
    wav.extend_from_slice(&1u16.to_le_bytes()); // mono
    wav.extend_from_slice(&RATE.to_le_bytes());
    wav.extend_from_slice(&(RATE * 2).to_le_bytes());
    wav.extend_from_slice(&2u16.to_le_bytes());
    wav.extend_from_slice(&16u16.to_le_bytes());
    wav.extend_from_slice(b"data");
    wav.extend_from_slice(&(data.len() as u32).to_le_bytes());
    wav.extend_from_slice(&data);
    wav
}

fn make_sounds(mut commands: Commands, mut sources: ResMut<Assets<AudioSource>>) {
    let mut add = |notes: &[(f32, f32, f32)]| sources.add(AudioSource { bytes: synth(notes).into() });
    let pick = add(&[(660.0, 0.0, 0.06)]);
    let snap = add(&[(880.0, 0.0, 0.08), (1320.0, 0.02, 0.08)]);
    let solve = add(&[(523.3, 0.0, 0.3), (659.3, 0.12, 0.3), (784.0, 0.24, 0.3), (1046.5, 0.36, 0.5)]);
    commands.insert_resource(Sounds { pick, snap, solve });
}

fn play(
    mut picked: MessageReader<PiecePicked>,
    mut placed: MessageReader<PiecePlaced>,
    mut solved: MessageReader<LevelSolved>,
    sounds: Option<Res<Sounds>>,
    save: Res<SaveState>,
    mut commands: Commands,
) {
    let Some(sounds) = sounds else { return };
    let handles: Vec<Handle<AudioSource>> = picked
        .read()
        .map(|_| sounds.pick.clone())
        .chain(placed.read().filter(|p| p.snapped).map(|_| sounds.snap.clone()))
        .chain(solved.read().map(|_| sounds.solve.clone()))
        .collect();
    if !save.data.settings.sound {
        return;
    }
    for h in handles {
        commands.spawn((AudioPlayer::new(h), PlaybackSettings::DESPAWN));
    }
}
